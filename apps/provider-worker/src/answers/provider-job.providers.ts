// The provider job's layers as Nest providers: what each is built from is declared here once, and
// the processors' module (and the integration tests' module) supply what comes from outside.

import { getQueueToken } from '@nestjs/bullmq';
import { type FactoryProvider, type Provider } from '@nestjs/common';
import { type MemberAnswerJobData, QUEUES } from '@council/contracts';
import { type LlmConfig, type LlmProvider } from '@council/llm';
import {
  QuestionBudget,
  QuestionStreamWriter,
  REDIS_CLIENT,
  type RedisClient,
  ReservationRelease,
  type ReservationReleaseDeps,
} from '@council/server-kit';
import { type Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DEFAULT_DELTA_BATCH, type DeltaBatcherOptions } from '../streaming/delta-batcher';
import { CancelWatch } from './cancel-watch';
import { CouncilInputsService } from './council-inputs.service';
import { ConversationThreadRepository } from './data/conversation-thread.repository';
import { DebateNotesRepository } from './data/debate-notes.repository';
import { JobStartRepository } from './data/job-start.repository';
import { QuestionAgentsRepository } from './data/question-agents.repository';
import { QuestionEndRepository } from './data/question-end.repository';
import { ResponsesRepository } from './data/responses.repository';
import { ProviderAdapters } from './provider-adapters';
import { ProviderJobFailureService } from './provider-job-failure.service';
import { ProviderJobRunner } from './provider-job.runner';
import { type HoldTopUp, ProviderJobService } from './provider-job.service';
import { type ProviderJobMetrics } from './provider-metrics';
import { QuestionEnd } from './question-end';
import { UsageSettlement } from './usage-settlement';

/** How often the streaming jobs check the gateway's cancel signal (one EXISTS for all of them). */
export const DEFAULT_CANCEL_CHECK_MS = 250;

/** The provider job's settings (PROVIDER_JOB_SETTINGS). */
export interface ProviderJobSettings {
  /** REDIS_PREFIX. */
  prefix: string;
  llm: LlmConfig;
  idleTimeoutMs: number;
  /** Longest wait for the first delta; default: idleTimeoutMs. */
  firstDeltaTimeoutMs?: number;
  batch?: DeltaBatcherOptions;
  /** How often to check for a cancelled question while streaming; default DEFAULT_CANCEL_CHECK_MS. */
  cancelCheckMs?: number;
  /** Where questions ended and first texts are counted (the process's registry). */
  metrics?: ProviderJobMetrics;
  /** Overrides createProvider (tests). */
  providerFor?: (data: MemberAnswerJobData) => LlmProvider;
}
export const PROVIDER_JOB_SETTINGS = Symbol('PROVIDER_JOB_SETTINGS');

/**
 * Billing as the provider job calls it: the release of a question without a debate by its last
 * member (ReservationRelease), and the hold top-up of an uncapped question. Without them a release
 * goes through the usage queue and an uncapped question runs without a budget.
 */
export interface ProviderJobBilling extends Omit<ReservationReleaseDeps, 'usageQueue'> {
  holdTopUp?: HoldTopUp;
}
export const PROVIDER_JOB_BILLING = Symbol('PROVIDER_JOB_BILLING');

const USAGE_QUEUE = getQueueToken(QUEUES.usage);

/** A repository that reads and writes through the application's DataSource. */
function repository<T>(type: new (dataSource: DataSource) => T): FactoryProvider<T> {
  return {
    provide: type,
    inject: [DataSource],
    useFactory: (dataSource: DataSource) => new type(dataSource),
  };
}

/**
 * Every layer of the provider job, down to ProviderJobRunner. The module that lists them provides
 * DataSource, REDIS_CLIENT, the usage queue (getQueueToken(QUEUES.usage)), PROVIDER_JOB_SETTINGS and
 * PROVIDER_JOB_BILLING.
 */
export const PROVIDER_JOB_PROVIDERS: Provider[] = [
  repository(ResponsesRepository),
  repository(JobStartRepository),
  repository(QuestionAgentsRepository),
  repository(DebateNotesRepository),
  repository(ConversationThreadRepository),
  repository(QuestionEndRepository),
  {
    provide: CouncilInputsService,
    inject: [
      QuestionAgentsRepository,
      ResponsesRepository,
      DebateNotesRepository,
      ConversationThreadRepository,
    ],
    useFactory: (
      agents: QuestionAgentsRepository,
      responses: ResponsesRepository,
      notes: DebateNotesRepository,
      thread: ConversationThreadRepository,
    ) => new CouncilInputsService(agents, responses, notes, thread),
  },
  {
    provide: ProviderAdapters,
    inject: [PROVIDER_JOB_SETTINGS],
    useFactory: (settings: ProviderJobSettings) => new ProviderAdapters(settings.llm, settings.providerFor),
  },
  {
    provide: QuestionStreamWriter,
    inject: [REDIS_CLIENT, PROVIDER_JOB_SETTINGS],
    useFactory: (redis: RedisClient, settings: ProviderJobSettings) =>
      new QuestionStreamWriter(redis, settings.prefix, { finished: settings.metrics?.finished }),
  },
  {
    provide: CancelWatch,
    inject: [REDIS_CLIENT, PROVIDER_JOB_SETTINGS],
    useFactory: (redis: RedisClient, settings: ProviderJobSettings) =>
      new CancelWatch(redis, settings.prefix, settings.cancelCheckMs ?? DEFAULT_CANCEL_CHECK_MS),
  },
  {
    provide: QuestionBudget,
    inject: [REDIS_CLIENT, PROVIDER_JOB_SETTINGS],
    useFactory: (redis: RedisClient, settings: ProviderJobSettings) =>
      new QuestionBudget(redis, settings.prefix),
  },
  {
    provide: UsageSettlement,
    inject: [USAGE_QUEUE],
    useFactory: (usage: Queue) => new UsageSettlement(usage),
  },
  {
    provide: ProviderJobFailureService,
    inject: [ResponsesRepository, QuestionStreamWriter, UsageSettlement],
    useFactory: (responses: ResponsesRepository, stream: QuestionStreamWriter, settlement: UsageSettlement) =>
      new ProviderJobFailureService(responses, stream, settlement),
  },
  {
    provide: ReservationRelease,
    inject: [USAGE_QUEUE, PROVIDER_JOB_BILLING],
    useFactory: (usageQueue: Queue, billing: ProviderJobBilling) =>
      new ReservationRelease({
        usageQueue,
        releaseCall: billing.releaseCall,
        waitForUsage: billing.waitForUsage,
      }),
  },
  {
    provide: QuestionEnd,
    inject: [QuestionEndRepository, ReservationRelease, QuestionStreamWriter],
    useFactory: (
      repository: QuestionEndRepository,
      release: ReservationRelease,
      stream: QuestionStreamWriter,
    ) => new QuestionEnd({ repository, release, stream }),
  },
  {
    provide: ProviderJobService,
    inject: [
      JobStartRepository,
      ResponsesRepository,
      CouncilInputsService,
      ProviderAdapters,
      QuestionStreamWriter,
      CancelWatch,
      QuestionBudget,
      UsageSettlement,
      ProviderJobFailureService,
      QuestionEnd,
      PROVIDER_JOB_SETTINGS,
      PROVIDER_JOB_BILLING,
    ],
    useFactory: (
      jobStarts: JobStartRepository,
      responses: ResponsesRepository,
      inputs: CouncilInputsService,
      adapters: ProviderAdapters,
      stream: QuestionStreamWriter,
      cancelWatch: CancelWatch,
      budget: QuestionBudget,
      settlement: UsageSettlement,
      failures: ProviderJobFailureService,
      end: QuestionEnd,
      settings: ProviderJobSettings,
      billing: ProviderJobBilling,
    ) =>
      new ProviderJobService({
        jobStarts,
        responses,
        inputs,
        adapters,
        stream,
        cancelWatch,
        budget,
        holdTopUp: billing.holdTopUp,
        settlement,
        failures,
        end,
        idleTimeoutMs: settings.idleTimeoutMs,
        firstDeltaTimeoutMs: settings.firstDeltaTimeoutMs,
        batch: settings.batch ?? DEFAULT_DELTA_BATCH,
        firstToken: settings.metrics?.firstToken,
      }),
  },
  ProviderJobRunner,
];
