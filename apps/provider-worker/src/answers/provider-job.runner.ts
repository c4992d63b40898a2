// One provider call (a member's answer, a debate revision or the consensus synthesis), from the
// stored state to the stored answer: load, prompt, stream batched deltas, store the row once (its
// usage is settled by the flow parent's release, or by a settlement job of its own when alone).
// Errors are sorted by classifyProviderError: retryable ones are rethrown for BullMQ's backoff,
// the rest (and the last attempt) end the member with an error row.

import {
  CONSENSUS_PROVIDER,
  QUESTION_CANCELLED_MESSAGE,
  type DeltaKind,
  JOBS,
  type MemberAnswerJobData,
  type Provider,
  type ResponseProvider,
  type StreamEntry,
  type SubscriptionTier,
  type TokenUsage,
  type UsageSettleJobData,
  answerMaxOutputTokensFor,
  parseJobPayload,
  questionCancelKey,
  usageJobId,
} from '@council/contracts';
import { QuestionAgentEntity, ResponseEntity, preparedQuery } from '@council/db';
import {
  type CouncilAnswer,
  DEFAULT_MEMBER_PROMPT,
  IncompleteStreamError,
  type LlmConfig,
  type LlmProvider,
  type LlmRequest,
  buildRevisionPrompt,
  buildSynthesisPrompt,
  classifyProviderError,
  createProvider,
  estimatePromptTokens,
  parseRevision,
  streamWithIdleTimeout,
  tokensForChars,
} from '@council/llm';
import {
  QuestionStreamWriter,
  type RetryAfterHint,
  USAGE_JOB_OPTIONS,
  type RedisClient,
} from '@council/server-kit';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import { type DataSource } from 'typeorm';
import { DEFAULT_DELTA_BATCH, DeltaBatcher, type DeltaBatcherOptions } from '../streaming/delta-batcher';
import { CancelWatch } from './cancel-watch';
import { type JobMember, type StoredRow, startJob } from './job-context';

export type ProviderJobName = typeof JOBS.memberAnswer | typeof JOBS.debateRevision | typeof JOBS.synthesis;

const PROVIDER_JOB_NAMES: readonly string[] = [JOBS.memberAnswer, JOBS.debateRevision, JOBS.synthesis];

/** What a provider job returns (the consensus worker reads `changed` of debate revisions). */
export interface ProviderJobResult {
  status: 'completed' | 'failed' | 'skipped';
  responseId: number | null;
  /** Debate revisions: whether the member changed its position (null: unknown or not a revision). */
  changed: boolean | null;
}

/** How often the streaming jobs check the gateway's cancel signal (one EXISTS for all of them). */
export const DEFAULT_CANCEL_CHECK_MS = 250;

class QuestionCancelledError extends Error {
  override readonly name = 'QuestionCancelledError';

  constructor() {
    super('The question was cancelled');
  }
}

/** A retryable provider failure; BullMQ's provider backoff reads `retryAfterMs`. */
export class RetryableProviderError extends Error implements RetryAfterHint {
  override readonly name = 'RetryableProviderError';

  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface ProviderJobRunnerDeps {
  dataSource: DataSource;
  /** General-purpose client: the question stream and the gateway's cancel signal. */
  redis: RedisClient;
  /** REDIS_PREFIX. */
  prefix: string;
  usageQueue: Queue;
  llm: LlmConfig;
  idleTimeoutMs: number;
  /** Longest wait for the first delta; default: idleTimeoutMs. */
  firstDeltaTimeoutMs?: number;
  batch?: DeltaBatcherOptions;
  /** How often to check for a cancelled question while streaming; default DEFAULT_CANCEL_CHECK_MS. */
  cancelCheckMs?: number;
  /** Overrides createProvider (tests). */
  providerFor?: (data: MemberAnswerJobData) => LlmProvider;
}

interface Target {
  name: ProviderJobName;
  data: MemberAnswerJobData;
  consensus: boolean;
  provider: ResponseProvider;
  memberOrder: number | null;
  round: number;
  /** A child of the question's flow, whose parent closes the question's account at the end. */
  inFlow: boolean;
}

export class ProviderJobRunner {
  private readonly stream: QuestionStreamWriter;
  private readonly cancelWatch: CancelWatch;
  /** One adapter (and SDK client) per provider, reused by every job: they keep no per-call state. */
  private readonly adapters = new Map<Provider, LlmProvider>();

  constructor(private readonly deps: ProviderJobRunnerDeps) {
    this.stream = new QuestionStreamWriter(deps.redis, deps.prefix);
    this.cancelWatch = new CancelWatch(
      deps.redis,
      deps.prefix,
      deps.cancelCheckMs ?? DEFAULT_CANCEL_CHECK_MS,
    );
  }

  async run(job: Job): Promise<ProviderJobResult> {
    const target = await this.parse(job);
    const { data } = target;
    if (await this.cancelled(data.questionId)) return { status: 'skipped', responseId: null, changed: null };
    const { context, created } = await startJob(this.deps.dataSource, {
      questionId: data.questionId,
      memberOrder: data.memberOrder,
      provider: target.provider,
      rowMemberOrder: target.memberOrder,
      round: target.round,
      agentId: data.agentId,
      modelId: data.modelId,
      roleId: data.roleId,
      consensus: target.consensus,
    });
    if (!context) throw new UnrecoverableError(`Question ${data.questionId} does not exist`);
    if (context.status === 'cancelled') return { status: 'skipped', responseId: null, changed: null };
    const { member } = context;
    if (!member) {
      throw new UnrecoverableError(`Question ${data.questionId} has no member ${data.memberOrder}`);
    }

    const row = created ?? (await this.existingRow(target));
    if (row.status === 'completed' || row.status === 'failed') {
      // A duplicate run (stalled-job recovery): the answer is stored; settle it (idempotent) and stop.
      return this.alreadyDone(target, row);
    }

    if (job.attemptsStarted > 1) await this.append(data.questionId, [this.resetEntry(target, job)]);

    const request = await this.buildRequest(target, context.question, member, context.tier);
    const provider = this.deps.providerFor?.(data) ?? this.adapterFor(data.provider);
    const batcher = new DeltaBatcher(
      (parts) =>
        this.append(
          data.questionId,
          parts.map((part) => this.deltaEntry(target, part.kind, part.text)),
        ),
      this.deps.batch ?? DEFAULT_DELTA_BATCH,
    );

    let text = '';
    let reasoning = '';
    let usage: TokenUsage | null = null;
    let done = false;
    const controller = new AbortController();
    const unwatch = this.cancelWatch.watch(data.questionId, () => {
      if (!controller.signal.aborted) controller.abort(new QuestionCancelledError());
    });
    try {
      const deltas = streamWithIdleTimeout(provider, request, controller.signal, {
        idleMs: this.deps.idleTimeoutMs,
        firstDeltaMs: this.deps.firstDeltaTimeoutMs,
      });
      for await (const delta of deltas) {
        if (delta.type === 'text') {
          text += delta.text;
          batcher.push('text', delta.text);
        } else if (delta.type === 'reasoning') {
          reasoning += delta.text;
          batcher.push('reasoning', delta.text);
        } else if (delta.type === 'usage') {
          usage = delta.usage;
        } else {
          done = true;
        }
      }
      if (!done) throw new IncompleteStreamError();
    } catch (error) {
      if (controller.signal.reason instanceof QuestionCancelledError) {
        await batcher.close();
        return this.stopCancelled(target, row, request, text, reasoning);
      }
      await batcher.discard();
      return this.failOrRetry(job, target, row, provider, error);
    } finally {
      unwatch();
    }
    await batcher.close();

    const tokens = usage ?? { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    const revision = target.name === JOBS.debateRevision ? parseRevision(text) : null;
    const answer = revision ? revision.answer : text.trim();
    const changed = revision ? (revision.changed ?? (await this.differsFromPrevious(target, answer))) : null;
    const debateLog = target.consensus && context.showDebate ? await this.debateLog(data.questionId) : null;

    // RETURNING saves a read on the usual path; a row completed before (a duplicate run) is read.
    const { rows: updatedRows } = await preparedQuery<TokenUsage>(
      this.deps.dataSource,
      `UPDATE "responses"
          SET "status" = 'completed', "response" = $2, "reasoning" = $3, "debateLog" = $4, "error" = NULL,
              "promptTokens" = $5, "completionTokens" = $6, "totalTokens" = $7, "updatedAt" = now()
        WHERE "id" = $1 AND "status" <> 'completed'
        RETURNING "promptTokens", "completionTokens", "totalTokens"`,
      [
        row.id,
        answer,
        reasoning.trim() || null,
        debateLog,
        tokens.promptTokens,
        tokens.completionTokens,
        tokens.totalTokens,
      ],
    );
    const stored =
      updatedRows[0] ??
      (await this.deps.dataSource.getRepository(ResponseEntity).findOneByOrFail({ id: row.id }));
    const usageOf: TokenUsage = {
      promptTokens: stored.promptTokens,
      completionTokens: stored.completionTokens,
      totalTokens: stored.totalTokens,
    };
    await this.append(data.questionId, [
      target.consensus
        ? { type: 'consensus:completed', responseId: row.id, ...usageOf }
        : {
            type: 'answer:completed',
            memberOrder: data.memberOrder,
            round: data.round,
            responseId: row.id,
            ...usageOf,
          },
    ]);
    await this.settleCompleted(target, row.id, usageOf);
    return { status: 'completed', responseId: row.id, changed };
  }

  private adapterFor(provider: Provider): LlmProvider {
    let adapter = this.adapters.get(provider);
    if (!adapter) {
      adapter = createProvider(provider, this.deps.llm);
      this.adapters.set(provider, adapter);
    }
    return adapter;
  }

  private async parse(job: Job): Promise<Target> {
    if (!PROVIDER_JOB_NAMES.includes(job.name)) {
      throw new UnrecoverableError(`No handler for job "${job.name}" on a provider queue`);
    }
    const name = job.name as ProviderJobName;
    let data: MemberAnswerJobData;
    try {
      data = await parseJobPayload(name, job.data);
    } catch (error) {
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
    }
    const consensus = name === JOBS.synthesis;
    if (name === JOBS.memberAnswer && data.round !== 0)
      throw new UnrecoverableError('A first answer has round 0');
    if (name === JOBS.debateRevision && data.round < 1)
      throw new UnrecoverableError('A revision has round ≥ 1');
    return {
      name,
      data,
      consensus,
      provider: consensus ? CONSENSUS_PROVIDER : data.provider,
      memberOrder: consensus ? null : data.memberOrder,
      // The consensus row is round 0: there is one per question.
      round: consensus ? 0 : data.round,
      inFlow: job.parentKey !== undefined,
    };
  }

  /** The row a previous run created (the job is a retry or a duplicate run). */
  private async existingRow(target: Target): Promise<StoredRow> {
    const { data } = target;
    const responses = this.deps.dataSource.getRepository(ResponseEntity);
    const row = target.consensus
      ? await responses.findOneBy({ questionId: data.questionId, provider: CONSENSUS_PROVIDER })
      : await responses.findOneBy({
          questionId: data.questionId,
          memberOrder: data.memberOrder,
          round: data.round,
        });
    if (!row) throw new Error(`Response row of job for question ${data.questionId} vanished`);
    return { id: row.id, status: row.status };
  }

  private async alreadyDone(target: Target, row: StoredRow): Promise<ProviderJobResult> {
    if (row.status === 'failed') return { status: 'failed', responseId: row.id, changed: null };
    const stored = await this.deps.dataSource.getRepository(ResponseEntity).findOneByOrFail({ id: row.id });
    await this.settleCompleted(target, row.id, stored);
    const changed =
      target.name === JOBS.debateRevision ? await this.differsFromPrevious(target, stored.response) : null;
    return { status: 'completed', responseId: row.id, changed };
  }

  private async buildRequest(
    target: Target,
    question: string,
    member: JobMember,
    tier: SubscriptionTier,
  ): Promise<LlmRequest> {
    const { data } = target;
    const base = {
      model: member.apiModel,
      system: member.rolePrompt?.trim() || DEFAULT_MEMBER_PROMPT,
      // The limit the question's reservation was sized from (estimateQuestionTokens).
      maxTokens: answerMaxOutputTokensFor(tier),
      reasoning: data.showReasoning,
    };
    if (target.name === JOBS.memberAnswer) {
      return { ...base, task: 'answer', messages: [{ role: 'user', content: question }] };
    }
    const latest = await this.latestAnswers(data.questionId, target.consensus ? data.round : data.round - 1);
    if (target.consensus) {
      const content = buildSynthesisPrompt({
        question,
        answers: latest.map((entry) => entry.answer),
      });
      return { ...base, task: 'synthesis', messages: [{ role: 'user', content }] };
    }
    const own = latest.find((entry) => entry.order === data.memberOrder);
    const content = buildRevisionPrompt({
      question,
      round: data.round,
      ownAnswer: own?.answer.answer ?? '',
      others: latest.filter((entry) => entry.order !== data.memberOrder).map((entry) => entry.answer),
    });
    return { ...base, task: 'revision', messages: [{ role: 'user', content }] };
  }

  /** Each member's latest successful answer up to `maxRound`, in council order. */
  private async latestAnswers(
    questionId: number,
    maxRound: number,
  ): Promise<Array<{ order: number; round: number; answer: CouncilAnswer }>> {
    const members = await this.deps.dataSource.getRepository(QuestionAgentEntity).find({
      where: { questionId },
      relations: { agent: true, model: true },
      order: { order: 'ASC' },
    });
    const rows: Array<{ memberOrder: number; round: number; response: string }> =
      await this.deps.dataSource.query(
        `SELECT DISTINCT ON ("memberOrder") "memberOrder", "round", "response"
         FROM "responses"
        WHERE "questionId" = $1 AND "memberOrder" IS NOT NULL AND "round" <= $2
          AND "status" = 'completed' AND "error" IS NULL
        ORDER BY "memberOrder", "round" DESC`,
        [questionId, maxRound],
      );
    const result: Array<{ order: number; round: number; answer: CouncilAnswer }> = [];
    for (const member of members) {
      const row = rows.find((candidate) => candidate.memberOrder === member.order);
      if (!row) continue;
      result.push({
        order: member.order,
        round: row.round,
        answer: { member: memberLabel(member), answer: row.response },
      });
    }
    return result;
  }

  /** Fallback when a revision has no position line: did its text change from the previous round? */
  private async differsFromPrevious(target: Target, answer: string): Promise<boolean> {
    const previous = await this.deps.dataSource.getRepository(ResponseEntity).findOneBy({
      questionId: target.data.questionId,
      memberOrder: target.data.memberOrder,
      round: target.data.round - 1,
    });
    return !previous || normalise(previous.response) !== normalise(answer);
  }

  /** The debate transcript (markdown), stored as the consensus's debateLog. */
  private async debateLog(questionId: number): Promise<string> {
    const members = await this.deps.dataSource.getRepository(QuestionAgentEntity).find({
      where: { questionId },
      relations: { agent: true, model: true },
    });
    const rows = await this.deps.dataSource.getRepository(ResponseEntity).find({
      where: { questionId, status: 'completed' },
      order: { round: 'ASC', memberOrder: 'ASC' },
    });
    const sections: string[] = [];
    for (const row of rows) {
      if (row.memberOrder === null) continue;
      const member = members.find((candidate) => candidate.order === row.memberOrder);
      const who = member ? memberLabel(member) : `Member ${row.memberOrder + 1}`;
      const heading = row.round === 0 ? 'Opening answer' : `Round ${row.round}`;
      sections.push(`### ${heading} — ${who}\n\n${row.response.trim()}`);
    }
    return sections.join('\n\n');
  }

  /** Whether the gateway raised the question's cancel signal (questionCancelKey). */
  private async cancelled(questionId: number): Promise<boolean> {
    return (await this.deps.redis.exists(questionCancelKey(this.deps.prefix, questionId))) > 0;
  }

  /**
   * The question was cancelled mid-answer: keep the partial answer, marked with
   * QUESTION_CANCELLED_MESSAGE, and settle its estimated usage (the provider sent no report). The
   * stream is not written: the gateway ended it with question:failed.
   */
  private async stopCancelled(
    target: Target,
    row: StoredRow,
    request: LlmRequest,
    text: string,
    reasoning: string,
  ): Promise<ProviderJobResult> {
    const promptTokens = estimatePromptTokens(request);
    const completionTokens = tokensForChars(text.length + reasoning.length);
    const usage: TokenUsage = {
      promptTokens,
      completionTokens,
      totalTokens: promptTokens + completionTokens,
    };
    const updated: [unknown[], number] = await this.deps.dataSource.query(
      `UPDATE "responses"
          SET "status" = 'failed', "error" = $2, "response" = $3, "reasoning" = $4,
              "promptTokens" = $5, "completionTokens" = $6, "totalTokens" = $7, "updatedAt" = now()
        WHERE "id" = $1 AND "status" <> 'completed'`,
      [
        row.id,
        QUESTION_CANCELLED_MESSAGE,
        text.trim(),
        reasoning.trim() || null,
        usage.promptTokens,
        usage.completionTokens,
        usage.totalTokens,
      ],
    );
    if (updated[1] > 0) await this.settle(target, row.id, usage);
    return { status: 'failed', responseId: row.id, changed: null };
  }

  private async failOrRetry(
    job: Job,
    target: Target,
    row: StoredRow,
    provider: LlmProvider,
    error: unknown,
  ): Promise<never> {
    const classification = classifyProviderError(error, provider.name);
    const attempts = job.opts.attempts ?? 1;
    const final = !classification.retryable || job.attemptsMade + 1 >= attempts;
    if (!final) {
      throw new RetryableProviderError(classification.userMessage, classification.retryAfterMs, {
        cause: error,
      });
    }
    const { data } = target;
    await this.deps.dataSource.query(
      `UPDATE "responses" SET "status" = 'failed', "error" = $2, "response" = '', "reasoning" = NULL, "updatedAt" = now()
        WHERE "id" = $1 AND "status" <> 'completed'`,
      [row.id, classification.userMessage],
    );
    await this.append(data.questionId, [
      target.consensus
        ? { type: 'consensus:failed', responseId: row.id, error: classification.userMessage }
        : {
            type: 'answer:failed',
            memberOrder: data.memberOrder,
            round: data.round,
            responseId: row.id,
            error: classification.userMessage,
          },
    ]);
    throw new UnrecoverableError(classification.userMessage);
  }

  /**
   * A completed answer's usage. In a flow the parent's release settles every completed answer of
   * the question in one ledger transaction (it runs after all children, also after a cancel), so
   * only a lone job (a retry after the question finished) enqueues its own settlement.
   */
  private async settleCompleted(target: Target, responseId: number, usage: TokenUsage): Promise<void> {
    if (!target.inFlow) await this.settle(target, responseId, usage);
  }

  private async settle(target: Target, responseId: number, usage: TokenUsage): Promise<void> {
    const payload: UsageSettleJobData = {
      kind: 'response',
      questionId: target.data.questionId,
      userId: target.data.userId,
      responseId,
      memberOrder: target.memberOrder,
      round: target.round,
      provider: target.provider,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      totalTokens: usage.totalTokens,
    };
    await this.deps.usageQueue.add(JOBS.usageSettle, payload, {
      ...USAGE_JOB_OPTIONS,
      jobId: usageJobId(payload),
    });
  }

  private resetEntry(target: Target, job: Job): StreamEntry {
    const attempt = job.attemptsStarted;
    return target.consensus
      ? { type: 'consensus:reset', attempt }
      : { type: 'answer:reset', memberOrder: target.data.memberOrder, round: target.data.round, attempt };
  }

  private deltaEntry(target: Target, kind: DeltaKind, text: string): StreamEntry {
    return target.consensus
      ? { type: 'consensus:delta', kind, text }
      : { type: 'answer:delta', memberOrder: target.data.memberOrder, round: target.data.round, kind, text };
  }

  private async append(questionId: number, entries: readonly StreamEntry[]): Promise<void> {
    await this.stream.append(questionId, entries);
  }
}

/** How a member is named to the others, e.g. "Claude (Claude Sonnet 4)". */
export function memberLabel(member: QuestionAgentEntity): string {
  const agent = member.agent?.name ?? `Member ${member.order + 1}`;
  return member.model ? `${agent} (${member.model.name})` : agent;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
