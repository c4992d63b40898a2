// One provider call (a member's answer, a debate revision or the consensus synthesis), from the
// stored state to the stored answer: load, prompt, stream batched deltas, store the row once (its
// usage is settled by the question's release, or by a settlement job of its own when alone). A
// first answer of a question without a debate may end the question too (QuestionEnd).

import { JOBS, type MemberAnswerJobData, type StreamEntry, consensusReserve } from '@council/contracts';
import { randomUUID } from 'node:crypto';
import { type LlmProvider, type LlmRequest, differsFromPrevious, parseRevision } from '@council/llm';
import { type QuestionBudget, type QuestionStreamWriter, withFinalFailure } from '@council/server-kit';
import { type Job, UnrecoverableError } from 'bullmq';
import { DeltaBatcher, type DeltaBatcherOptions } from '../streaming/delta-batcher';
import { type AgreementMapOutcome, mapAgreement } from './agreement/agreement-map.service';
import { streamAnswer } from './answer-stream';
import { CallBudget } from './budget/call-budget';
import { type CancelWatch } from './cancel-watch';
import { type CouncilInputsService } from './council-inputs.service';
import { type JobContext, type JobStartRepository } from './data/job-start.repository';
import { type ResponsesRepository, type StoredRow } from './data/responses.repository';
import { type ProviderAdapters } from './provider-adapters';
import { type ProviderJobFailureService, estimatedUsage, sumUsage } from './provider-job-failure.service';
import { parseProviderJob } from './provider-job.target';
import { type FirstTokenHistogram, firstTokenClock } from './provider-metrics';
import { type ProviderJobResult, type ProviderJobTarget } from './provider-job.types';
import { type QuestionEnd } from './question-end';
import { completedEntry, deltaEntry, resetEntry } from './stream-entries';
import { type UsageSettlement } from './usage-settlement';

export interface ProviderJobServiceDeps {
  jobStarts: JobStartRepository;
  responses: ResponsesRepository;
  inputs: CouncilInputsService;
  adapters: ProviderAdapters;
  stream: QuestionStreamWriter;
  cancelWatch: CancelWatch;
  /** Questions' shared budgets: a cap (TOKEN_CAP), or an uncapped question's hold (DECISIONS 26). */
  budget: QuestionBudget;
  /**
   * Billing's hold top-up (BILLING_RPC.holdTopUp): resolves to the tokens added, 0 when the balance
   * has none or billing did not answer. Without it an uncapped question runs without a budget.
   */
  holdTopUp?: HoldTopUp;
  settlement: UsageSettlement;
  failures: ProviderJobFailureService;
  end: QuestionEnd;
  idleTimeoutMs: number;
  firstDeltaTimeoutMs: number | undefined;
  batch: DeltaBatcherOptions;
  /** council_first_token_seconds (firstTokenHistogram). */
  firstToken?: FirstTokenHistogram;
}

export type HoldTopUp = (request: {
  userId: number;
  questionId: number;
  tokens: number;
  key: string;
}) => Promise<number>;

const SKIPPED: ProviderJobResult = { status: 'skipped', responseId: null, changed: null };

export class ProviderJobService {
  constructor(private readonly deps: ProviderJobServiceDeps) {}

  async run(job: Job, checked?: MemberAnswerJobData): Promise<ProviderJobResult> {
    const target = await parseProviderJob(job, checked);
    const { end } = this.deps;
    const result = await withFinalFailure(
      job,
      () => this.answer(job, target),
      () => end.memberFailed(target),
    );
    await end.afterMember(target, job.attemptsStarted > 1);
    return result;
  }

  /** A job that failed for good out of its handler's sight (it stalled too often). */
  async afterFailure(job: Job): Promise<void> {
    if (job.name !== JOBS.memberAnswer || !job.finishedOn) return;
    const target = await parseProviderJob(job).catch(() => null);
    if (target) await this.deps.end.memberFailed(target);
  }

  private async answer(job: Job, target: ProviderJobTarget): Promise<ProviderJobResult> {
    const { deps } = this;
    const { data } = target;
    if (await deps.cancelWatch.isCancelled(data.questionId)) return this.skip(target);
    const { context, created } = await deps.jobStarts.start({
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
    if (context.status === 'cancelled') return this.skip(target);
    const { member } = context;
    if (!member) {
      throw new UnrecoverableError(`Question ${data.questionId} has no member ${data.memberOrder}`);
    }

    const row = created ?? (await this.existingRow(target));
    if (row.status === 'completed' || row.status === 'failed') {
      // A duplicate run (stalled-job recovery): the answer is stored; settle it (idempotent) and stop.
      return this.alreadyDone(target, row);
    }

    if (job.attemptsStarted > 1) await this.append(target, [resetEntry(target, job.attemptsStarted)]);

    const request = await deps.inputs.request(target, context, member);
    const { tokenCap } = context;
    // A member leaves the consensus its share of the budget; the consensus may spend all of it.
    const floor = tokenCap === null || target.consensus ? 0 : consensusReserve(tokenCap, context.showDebate);
    const budget = await this.openBudget(data.questionId, context, request, floor);
    if (budget === null) return deps.failures.stopAtLimit(target, row, tokenCap === null);
    const ownMaxTokens = request.maxTokens;
    if (budget) request.maxTokens = budget.maxTokens(ownMaxTokens);
    const provider = deps.adapters.for(data);
    const firstText = firstTokenClock(deps.firstToken, job, target.provider);
    const batcher = new DeltaBatcher(async (parts) => {
      await this.append(
        target,
        parts.map((part) => deltaEntry(target, part.kind, part.text)),
      );
      firstText?.();
    }, deps.batch);
    // The consensus's agreement map is drawn beside the synthesis, from the members' final answers;
    // the job goes on once both have ended. The synthesis opened its budget first: under a cap, the
    // prose has the first claim on the consensus's share.
    const [written, drawn] = await Promise.allSettled([
      streamAnswer({
        provider,
        request,
        batcher,
        watchCancel: (onCancel) => deps.cancelWatch.watch(data.questionId, onCancel),
        admit: budget?.admit,
        idleMs: deps.idleTimeoutMs,
        firstDeltaMs: deps.firstDeltaTimeoutMs,
      }),
      target.consensus
        ? this.drawMap(target, provider, context, row.id, member.apiModel, job.attemptsStarted > 1)
        : null,
    ]);
    if (written.status === 'rejected') throw written.reason;
    if (drawn.status === 'rejected') throw drawn.reason;
    const outcome = written.value;
    const mapped = drawn.value;
    if (outcome.kind === 'cancelled') {
      await budget?.settle(estimatedUsage(provider, request, outcome.text, outcome.reasoning).totalTokens);
      return deps.failures.stopCancelled(
        target,
        row,
        provider,
        request,
        outcome.text,
        outcome.reasoning,
        mapped?.usage,
      );
    }
    if (outcome.kind === 'failed') {
      await budget?.refund();
      return deps.failures.failOrRetry(job, target, row, provider, outcome.error, mapped?.usage);
    }

    const { text, reasoning } = outcome;
    // Cut by the cap: mid-stream when the budget ran out, or at an output limit the cap lowered.
    const stoppedAtLimit =
      outcome.kind === 'limited' ||
      (budget !== undefined && request.maxTokens < ownMaxTokens && outcome.finishReason === 'length');
    const revision = target.name === JOBS.debateRevision ? parseRevision(text) : null;
    const answer = revision ? revision.answer : text.trim();
    const changed = revision ? (revision.changed ?? (await this.changedFromPrevious(target, answer))) : null;
    const debateLog =
      target.consensus && context.showDebate ? await deps.inputs.debateLog(data.questionId) : null;
    const answerUsage =
      outcome.kind === 'limited'
        ? estimatedUsage(provider, request, text, reasoning)
        : (outcome.usage ?? { promptTokens: 0, completionTokens: 0, totalTokens: 0 });
    await budget?.settle(answerUsage.totalTokens);
    const usage = await deps.responses.complete(row.id, {
      response: answer,
      reasoning: reasoning.trim() || null,
      debateLog,
      positionChanged: changed,
      agreementMap: mapped?.map ?? null,
      stoppedAtLimit,
      usage: mapped ? sumUsage(answerUsage, mapped.usage) : answerUsage,
    });
    await this.append(target, [completedEntry(target, row.id, usage, stoppedAtLimit)]);
    await deps.settlement.settleCompleted(target, row.id, usage);
    return { status: 'completed', responseId: row.id, changed };
  }

  /**
   * The question was cancelled before this run could start: nothing is asked of the provider. A
   * re-run of a member that ends its question closes the row its lost run left open, or the
   * question would never count as ended.
   */
  private async skip(target: ProviderJobTarget): Promise<ProviderJobResult> {
    if (target.data.endsQuestion) {
      const { questionId, memberOrder } = target.data;
      await this.deps.end.closeOpenMember(questionId, memberOrder);
    }
    return { ...SKIPPED };
  }

  /**
   * The consensus's agreement map, asked of the leader's model while the synthesis is written, and
   * stored (with its usage) and streamed as soon as it is drawn. A re-run of the consensus keeps the
   * map an earlier run stored: a retry of the synthesis leaves the map alone.
   */
  private async drawMap(
    target: ProviderJobTarget,
    provider: LlmProvider,
    context: JobContext,
    rowId: number,
    model: string,
    rerun: boolean,
  ): Promise<AgreementMapOutcome> {
    const { deps } = this;
    const { questionId, round } = target.data;
    const stored = rerun ? await deps.responses.storedAgreementMap(rowId) : null;
    const drawn =
      stored ??
      (await mapAgreement(
        provider,
        {
          question: context.question,
          model,
          members: await deps.inputs.agreementMembers(questionId, round),
        },
        {
          append: (entries) => this.append(target, entries),
          watchCancel: (onCancel) => deps.cancelWatch.watch(questionId, onCancel),
          openBudget: this.budgeted(context)
            ? async (request) => (await this.openBudget(questionId, context, request)) ?? null
            : undefined,
          balanceStop: context.tokenCap === null,
          idleMs: deps.idleTimeoutMs,
          firstDeltaMs: deps.firstDeltaTimeoutMs,
          resetFirst: rerun,
        },
      ));
    if (!drawn.map) return drawn;
    if (!stored) await deps.responses.storeAgreementMap(rowId, drawn.map, drawn.usage);
    await this.append(target, [{ type: 'agreement:completed', map: drawn.map }]);
    return drawn;
  }

  /** Whether the question's calls share a budget: a cap, or a hold billing can top up. */
  private budgeted(context: JobContext): boolean {
    return context.tokenCap !== null || (this.deps.holdTopUp !== undefined && context.reservedTokens > 0);
  }

  /**
   * The call's part in the question's budget: undefined when it has none, null when the budget
   * cannot pay for the call (the cap is spent, or the balance has nothing more for the hold).
   */
  private async openBudget(
    questionId: number,
    context: JobContext,
    request: LlmRequest,
    floor = 0,
  ): Promise<CallBudget | null | undefined> {
    const { deps } = this;
    if (!this.budgeted(context)) return undefined;
    if (context.tokenCap !== null) {
      return CallBudget.open(deps.budget, questionId, context.tokenCap, request, floor);
    }
    const topUp = deps.holdTopUp!;
    return CallBudget.open(deps.budget, questionId, context.reservedTokens, request, 0, (tokens) =>
      topUp({ userId: context.userId, questionId, tokens, key: randomUUID() }),
    );
  }

  /** The row a previous run created (the job is a retry or a duplicate run). */
  private async existingRow(target: ProviderJobTarget): Promise<StoredRow> {
    const { data } = target;
    const row = await this.deps.responses.findOfJob({
      questionId: data.questionId,
      consensus: target.consensus,
      memberOrder: data.memberOrder,
      round: data.round,
    });
    if (!row) throw new Error(`Response row of job for question ${data.questionId} vanished`);
    return row;
  }

  private async alreadyDone(target: ProviderJobTarget, row: StoredRow): Promise<ProviderJobResult> {
    if (row.status === 'failed') return { status: 'failed', responseId: row.id, changed: null };
    const stored = await this.deps.responses.get(row.id);
    await this.deps.settlement.settleCompleted(target, row.id, stored);
    const changed =
      target.name === JOBS.debateRevision ? await this.changedFromPrevious(target, stored.response) : null;
    return { status: 'completed', responseId: row.id, changed };
  }

  /** Fallback when a revision has no position line: did its text change from the previous round? */
  private async changedFromPrevious(target: ProviderJobTarget, answer: string): Promise<boolean> {
    const { data } = target;
    const previous = await this.deps.responses.answerText(data.questionId, data.memberOrder, data.round - 1);
    return differsFromPrevious(previous, answer);
  }

  private async append(target: ProviderJobTarget, entries: readonly StreamEntry[]): Promise<void> {
    await this.deps.stream.append(target.data.questionId, entries);
  }
}
