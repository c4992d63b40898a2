// Job payloads, one class per job name. As types they make `enqueue(name, payload)` checked at
// compile time; as class-validator classes they let processors check the payload again at run time
// (parseJobPayload), because Redis hands back whatever an older or newer replica wrote.
//
// Payloads carry ids (positive integers, as stored), not content: workers read the question, council
// and earlier answers from PostgreSQL, so a retried job always sees the stored state.

import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  NotEquals,
  ValidateIf,
} from 'class-validator';
import { PROVIDER_ID_PATTERN, type Provider, type ResponseProvider } from '../domain/domain.constants';
import { AGENTS_MAX, DEBATE_MAX_ROUNDS } from '../limits/limits.constants';
import { JOBS } from './queues.constants';

/**
 * One provider call for one council member. Round 0 is the first answer (member-answer); rounds
 * 1..DEBATE_MAX_ROUNDS are debate revisions. Its job id is jobId(questionId, memberOrder, round).
 */
export class MemberAnswerJobData {
  @IsInt()
  @Min(1)
  questionId: number;

  /** question_agents.order of the member. */
  @IsInt()
  @Min(0)
  @Max(AGENTS_MAX - 1)
  memberOrder: number;

  @IsInt()
  @Min(0)
  @Max(DEBATE_MAX_ROUNDS)
  round: number;

  @IsInt()
  @Min(1)
  agentId: number;

  @IsInt()
  @Min(1)
  modelId: number;

  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(1)
  roleId: number | null;

  /** A catalogue provider's id: also picks the queue (providerQueueName) and the adapter. */
  @IsString()
  @Matches(PROVIDER_ID_PATTERN)
  @NotEquals('consensus')
  provider: Provider;

  /** The question's owner, for usage settlement. */
  @IsInt()
  @Min(1)
  userId: number;

  @IsBoolean()
  showReasoning: boolean;

  /**
   * A first answer of a question without a debate, queued without a flow parent: the member whose
   * job ends last ends the question (its total, the release, question:completed). Unset for flow
   * children and a member's retry.
   */
  @IsOptional()
  @IsBoolean()
  endsQuestion?: boolean;

  /**
   * A member's first answer asked anew once its turn had finished (POST …/retry): a completed
   * answer given again (a new response row replaces it), or a failed one retried. Its answer is
   * settled under a key naming its row (usageJobId), since the member's first-answer key may be
   * spent by the answer it replaced.
   */
  @IsOptional()
  @IsBoolean()
  answerAgain?: boolean;
}

/** Same fields as a first answer; `round` is the debate round (1..DEBATE_MAX_ROUNDS). */
export class DebateRevisionJobData extends MemberAnswerJobData {}

/**
 * The consensus answer, written by the debate leader's model on that provider's queue. The member
 * fields are the leader's; `round` is the last debate round the synthesis reads.
 * Job id: synthesisJobId(questionId).
 */
export class SynthesisJobData extends MemberAnswerJobData {}

/** Where the flow parent resumes after moveToWaitingChildren (BullMQ "process step" pattern). */
export const CONSENSUS_STEPS = ['answers', 'debate', 'pause', 'synthesis', 'done'] as const;
export type ConsensusStep = (typeof CONSENSUS_STEPS)[number];

/** The flow parent of a question. Job id: finaliseJobId(questionId). */
export class ConsensusFinaliseJobData {
  @IsInt()
  @Min(1)
  questionId: number;

  @IsInt()
  @Min(1)
  userId: number;

  @IsBoolean()
  showDebate: boolean;

  @IsBoolean()
  showReasoning: boolean;

  /** question_agents.order of the debate leader; null without debate (no consensus is written). */
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(0)
  @Max(AGENTS_MAX - 1)
  leaderOrder: number | null;

  @IsIn(CONSENSUS_STEPS)
  step: ConsensusStep;

  /** The last debate round started (0 before any). */
  @IsInt()
  @Min(0)
  @Max(DEBATE_MAX_ROUNDS)
  round: number;

  /** The debate pauses after each round for the asker's note (absent in jobs queued before it existed). */
  @IsOptional()
  @IsBoolean()
  weighIn?: boolean;

  /** At the pause step: whether the debate goes on without a note (a member changed position). */
  @IsOptional()
  @IsBoolean()
  debateGoesOn?: boolean;
}

/**
 * A question whose flow parent failed for good (its last attempt, or an unrecoverable error) is
 * ended by a job of its own, retried until it holds. Job id: questionFailJobId(questionId).
 */
export class QuestionFailJobData {
  @IsInt()
  @Min(1)
  questionId: number;

  /** The question's owner, whose reservation is released. */
  @IsInt()
  @Min(1)
  userId: number;
}

export const USAGE_KINDS = ['response', 'release'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/**
 * `response`: settle one response's actual usage against the question's reservation (jobs outside
 * a flow, and answers stopped by a cancel).
 * `release`: the question is finished: settle every completed answer not settled yet, then give
 * back what is left of its reservation.
 * Job id and ledger idempotency key: usageJobId / usageIdempotencyKey.
 */
export class UsageSettleJobData {
  @IsIn(USAGE_KINDS)
  kind: UsageKind;

  @IsInt()
  @Min(1)
  questionId: number;

  @IsInt()
  @Min(1)
  userId: number;

  /** Null for `release`. */
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(1)
  responseId: number | null;

  /** Null for the consensus response and for `release`. */
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsInt()
  @Min(0)
  @Max(AGENTS_MAX - 1)
  memberOrder: number | null;

  @IsInt()
  @Min(0)
  @Max(DEBATE_MAX_ROUNDS)
  round: number;

  /** Null for `release`. */
  @ValidateIf((_object: unknown, value: unknown) => value !== null)
  @IsString()
  @Matches(PROVIDER_ID_PATTERN)
  provider: ResponseProvider | null;

  @IsInt()
  @Min(0)
  promptTokens: number;

  @IsInt()
  @Min(0)
  completionTokens: number;

  @IsInt()
  @Min(0)
  totalTokens: number;

  /**
   * `response` of a member asked anew (MemberAnswerJobData.answerAgain): settled under a key that
   * names its response row, so it is charged apart from any answer it replaced, and once only.
   */
  @IsOptional()
  @IsBoolean()
  answerAgain?: boolean;
}

/** Delete free users' questions (and their responses) older than this many days. */
export class RetentionSweepJobData {
  @IsInt()
  @Min(1)
  retentionDays: number;
}

export const WEBHOOK_SOURCES = ['stripe', 'demo'] as const;
export type WebhookSource = (typeof WEBHOOK_SOURCES)[number];

/**
 * An event whose signature was verified and whose id was recorded on arrival. The processor
 * re-reads the object from Stripe (or the demo store) and converges; it never trusts the payload.
 * Job id: webhookJobId(eventId).
 */
export class WebhookProcessJobData {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  eventId: string;

  /** e.g. "checkout.session.completed". */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  type: string;

  @IsIn(WEBHOOK_SOURCES)
  source: WebhookSource;
}

/** Re-drive recorded Stripe events still unprocessed after `olderThanMs`. */
export class WebhookRedriveJobData {
  @IsInt()
  @Min(0)
  olderThanMs: number;
}

/** Job name → payload type. */
export interface JobPayloads {
  [JOBS.memberAnswer]: MemberAnswerJobData;
  [JOBS.debateRevision]: DebateRevisionJobData;
  [JOBS.synthesis]: SynthesisJobData;
  [JOBS.consensusFinalise]: ConsensusFinaliseJobData;
  [JOBS.usageSettle]: UsageSettleJobData;
  [JOBS.retentionSweep]: RetentionSweepJobData;
  [JOBS.webhookProcess]: WebhookProcessJobData;
  [JOBS.webhookRedrive]: WebhookRedriveJobData;
  [JOBS.questionFail]: QuestionFailJobData;
}

export type JobPayload<N extends keyof JobPayloads> = JobPayloads[N];

/** Job name → payload class, for run-time validation. */
export const JOB_PAYLOAD_CLASSES: { readonly [N in keyof JobPayloads]: new () => JobPayloads[N] } = {
  [JOBS.memberAnswer]: MemberAnswerJobData,
  [JOBS.debateRevision]: DebateRevisionJobData,
  [JOBS.synthesis]: SynthesisJobData,
  [JOBS.consensusFinalise]: ConsensusFinaliseJobData,
  [JOBS.usageSettle]: UsageSettleJobData,
  [JOBS.retentionSweep]: RetentionSweepJobData,
  [JOBS.webhookProcess]: WebhookProcessJobData,
  [JOBS.webhookRedrive]: WebhookRedriveJobData,
  [JOBS.questionFail]: QuestionFailJobData,
};
