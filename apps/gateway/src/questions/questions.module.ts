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
import { QueueModule } from '@council/server-kit';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { QueuesModule } from '../queues/queues.module';
import { QUESTION_FLOW_PRODUCER } from './questions.constants';
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** POST /api/questions and cancel. Exports QuestionsService for the socket's ownership checks. */
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
    QueueModule.registerFlowProducer(QUESTION_FLOW_PRODUCER, QUEUES.consensus),
    QueuesModule,
    AuthModule,
    BillingModule,
  ],
  controllers: [QuestionsController],
  providers: [QuestionsService],
  exports: [QuestionsService],
})
export class QuestionsModule {}
