import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AgentEntity,
  ModelEntity,
  QuestionAgentEntity,
  QuestionEntity,
  ResponseEntity,
  RoleEntity,
} from '@council/db';
import { QUEUES } from '@council/contracts';
import {
  MetricsService,
  QueueModule,
  QuestionStreamWriter,
  REDIS_CLIENT,
  type RedisClient,
  questionsFinishedCounter,
} from '@council/server-kit';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { GatewayEnv } from '../config/gateway.env';
import { QueuesModule } from '../queues/queues.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { AskQuestion } from './ask/ask-question.service';
import { CancelQuestion } from './cancel/cancel-question.service';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CatalogueSnapshotService } from './data/catalogue-snapshot.service';
import { ProviderQueues } from './jobs/provider-queues';
import { QuestionsRepository } from './data/questions.repository';
import { ConversationsRepository } from './data/conversations.repository';
import { FollowUpQuestion } from './follow-up/follow-up-question.service';
import { ResponsesRepository } from './data/responses.repository';
import { SharesRepository } from './data/shares.repository';
import { DebateNotesRepository } from './data/debate-notes.repository';
import { WeighIn } from './weigh-in/weigh-in.service';
import { HistoryController } from './history/history.controller';
import { HistoryService } from './history/history.service';
import { QuestionJobs } from './jobs/question-jobs.service';
import { QUESTION_FLOW_PRODUCER } from './questions.constants';
import { QuestionsController } from './questions.controller';
import { QuestionResults } from './read/question-results.service';
import { RetryResponse } from './retry/retry-response.service';
import { SharedController } from './sharing/shared.controller';
import { SharingController } from './sharing/sharing.controller';
import { SharingService } from './sharing/sharing.service';

/**
 * Every /api/questions route (ask, cancel, weigh in, retry, history, detail, delete, share) and the public
 * /api/shared page. Repositories own the SQL, the use cases own the rules, QuestionJobs the queues.
 * Exports QuestionResults for the socket's ownership checks.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      QuestionEntity,
      QuestionAgentEntity,
      ResponseEntity,
      AgentEntity,
      ModelEntity,
      RoleEntity,
    ]),
    CatalogueModule,
    QueueModule.registerFlowProducer(QUESTION_FLOW_PRODUCER, QUEUES.consensus),
    QueuesModule,
    AuthModule,
    BillingModule,
    RateLimitModule,
  ],
  controllers: [QuestionsController, HistoryController, SharingController, SharedController],
  providers: [
    QuestionsRepository,
    ConversationsRepository,
    FollowUpQuestion,
    ResponsesRepository,
    SharesRepository,
    DebateNotesRepository,
    CatalogueSnapshotService,
    ProviderQueues,
    QuestionJobs,
    {
      provide: QuestionStreamWriter,
      useFactory: (redis: RedisClient, env: GatewayEnv, metrics: MetricsService) =>
        new QuestionStreamWriter(redis, env.REDIS_PREFIX, {
          finished: questionsFinishedCounter(metrics.registry),
        }),
      inject: [REDIS_CLIENT, GatewayEnv, MetricsService],
    },
    AskQuestion,
    CancelQuestion,
    WeighIn,
    RetryResponse,
    QuestionResults,
    HistoryService,
    SharingService,
  ],
  exports: [QuestionResults],
})
export class QuestionsModule {}
