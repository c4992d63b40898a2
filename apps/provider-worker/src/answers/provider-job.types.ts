import { type JOBS, type MemberAnswerJobData, type ResponseProvider } from '@council/contracts';
import { type LlmConfig, type LlmProvider } from '@council/llm';
import { type RedisClient, type ReservationReleaseDeps } from '@council/server-kit';
import { type DataSource } from 'typeorm';
import { type DeltaBatcherOptions } from '../streaming/delta-batcher';
import { type ProviderJobMetrics } from './provider-metrics';

export type ProviderJobName = typeof JOBS.memberAnswer | typeof JOBS.debateRevision | typeof JOBS.synthesis;

/** What a provider job returns (the consensus worker reads `changed` of debate revisions). */
export interface ProviderJobResult {
  status: 'completed' | 'failed' | 'skipped';
  responseId: number | null;
  /** Debate revisions: whether the member changed its position (null: unknown or not a revision). */
  changed: boolean | null;
}

/**
 * usageQueue, releaseCall and waitForUsage: how a question without a debate is released by its last
 * member (ReservationRelease).
 */
export interface ProviderJobRunnerDeps extends ReservationReleaseDeps {
  dataSource: DataSource;
  /** General-purpose client: the question stream and the gateway's cancel signal. */
  redis: RedisClient;
  /** REDIS_PREFIX. */
  prefix: string;
  llm: LlmConfig;
  idleTimeoutMs: number;
  /** Longest wait for the first delta; default: idleTimeoutMs. */
  firstDeltaTimeoutMs?: number;
  batch?: DeltaBatcherOptions;
  /** How often to check for a cancelled question while streaming; default DEFAULT_CANCEL_CHECK_MS. */
  cancelCheckMs?: number;
  /** Billing's hold top-up for uncapped questions (ProviderJobServiceDeps.holdTopUp). */
  holdTopUp?: (request: {
    userId: number;
    questionId: number;
    tokens: number;
    key: string;
  }) => Promise<number>;
  /** Where questions ended and first texts are counted (the process's registry). */
  metrics?: ProviderJobMetrics;
  /** Overrides createProvider (tests). */
  providerFor?: (data: MemberAnswerJobData) => LlmProvider;
}

/** A parsed provider job: what it answers and which response row it writes. */
export interface ProviderJobTarget {
  name: ProviderJobName;
  data: MemberAnswerJobData;
  consensus: boolean;
  provider: ResponseProvider;
  memberOrder: number | null;
  round: number;
  /**
   * A flow child, or a first answer of a question without a debate: the question's release at its
   * end settles the answer (a lone retry, and an answer given again, settle their own).
   */
  settledAtEnd: boolean;
}
