// The flow parent of a question (ARCHITECTURE "Flows"), in BullMQ's process-step pattern: each
// step adds its children (debate revisions, then the synthesis) to the provider queues, records the
// next step in the job's data and waits for them (moveToWaitingChildren); BullMQ runs the job again
// once they have finished, and it resumes at the recorded step. With "Let me weigh in" the job also
// waits between rounds (moveToDelayed until the countdown's end, or until the gateway promotes it
// for the asker's note or Continue).

import {
  type ConsensusFinaliseJobData,
  JOBS,
  TOKEN_CAP,
  WEIGH_IN,
  consensusReserve,
  type MemberAnswerJobData,
  type StreamEntry,
  jobId,
  synthesisJobId,
} from '@council/contracts';
import { type QuestionAgentEntity, type QuestionEntity } from '@council/db';
import { type QuestionBudget, type QuestionStreamWriter } from '@council/server-kit';
import { DelayedError, type Job, UnrecoverableError, WaitingChildrenError } from 'bullmq';
import { type ConsensusQueues } from './consensus-queues';
import { type ConsensusRepository, UNFINISHED_ERROR } from './consensus.repository';
import { type DebatePauseRepository } from './debate-pause.repository';

export interface ConsensusJobResult {
  totalTokensUsed: number;
  rounds: number;
}

/** What a provider job returns; only `changed` of debate revisions matters here. */
interface ChildResult {
  changed?: unknown;
}

export type TrimHold = (request: {
  userId: number;
  questionId: number;
  afterRound: number;
}) => Promise<number | null>;

export interface ConsensusFlowDeps {
  repository: ConsensusRepository;
  queues: ConsensusQueues;
  stream: QuestionStreamWriter;
  pauses: DebatePauseRepository;
  maxRounds: number;
  /** How long a debate waits for the asker's note; default WEIGH_IN.pauseSeconds. */
  pauseMs?: number;
  /** Capped questions' shared budgets (TOKEN_CAP): no round starts once it is spent. */
  budget?: QuestionBudget;
  /** Billing's hold trim (BILLING_RPC.holdTrim): what it kept for the next round, null unanswered. */
  trimHold?: TrimHold;
}

/** The rules of the steps: when to debate again, when to synthesise, and how a question ends. */
export class ConsensusFlow {
  constructor(private readonly deps: ConsensusFlowDeps) {}

  async run(
    job: Job,
    start: ConsensusFinaliseJobData,
    token: string | undefined,
  ): Promise<ConsensusJobResult> {
    let data = start;
    // Without a debate the first answers are the whole question: nothing to load or record first
    // (finalise reads the status itself, keeps a cancelled question's, and fails a missing one).
    if (!data.showDebate && data.step === 'answers') return this.finalise(data);
    const question = await this.deps.repository.findQuestion(data.questionId);
    if (!question) throw new UnrecoverableError(`Question ${data.questionId} does not exist`);

    for (;;) {
      if (question.status === 'cancelled' && data.step !== 'done')
        data = await this.next(job, data, { step: 'done' });
      switch (data.step) {
        case 'answers': {
          if (!data.showDebate) {
            data = await this.next(job, data, { step: 'done' });
            break;
          }
          const members = await this.deps.repository.succeeded(data.questionId, 0);
          if (members.length >= 2 && this.deps.maxRounds > 0 && (await this.budgetLeft(question))) {
            if (data.weighIn) return this.pause(job, data, question, 0, true, token);
            data = await this.startRound(job, data, 1, members);
            await this.waitForChildren(job, token);
          } else {
            data = await this.startSynthesis(job, data);
            await this.waitForChildren(job, token);
          }
          break;
        }
        case 'debate': {
          const round = data.round;
          await this.append(data.questionId, [{ type: 'debate:round', round, status: 'completed' }]);
          const members = await this.deps.repository.succeeded(data.questionId, round);
          const changed = await this.anyChanged(job, data.questionId, round, members);
          const roundsLeft =
            round < this.deps.maxRounds && members.length >= 2 && (await this.budgetLeft(question));
          if (data.weighIn && roundsLeft) return this.pause(job, data, question, round, changed, token);
          if (changed && roundsLeft) {
            data = await this.startRound(job, data, round + 1, members);
          } else {
            data = await this.startSynthesis(job, data);
          }
          await this.waitForChildren(job, token);
          break;
        }
        case 'pause': {
          // The countdown ran out, or the gateway ended the pause for a note or Continue.
          const round = data.round;
          const { endedNow, note } = await this.deps.pauses.end(data.questionId, round);
          if (endedNow) await this.append(data.questionId, [{ type: 'debate:resumed', round }]);
          const members = await this.deps.repository.succeeded(data.questionId, round);
          // A note is news for every member: it earns another round even when nobody moved.
          const roundsLeft =
            round < this.deps.maxRounds && members.length >= 2 && (await this.budgetLeft(question));
          if ((note !== null || data.debateGoesOn) && roundsLeft) {
            data = await this.startRound(job, data, round + 1, members);
          } else {
            data = await this.startSynthesis(job, data);
          }
          await this.waitForChildren(job, token);
          break;
        }
        case 'synthesis':
          // Only reached when the synthesis child could not be added (no member answered).
          data = await this.next(job, data, { step: 'done' });
          break;
        case 'done':
          return this.finalise(data);
      }
    }
  }

  /**
   * Whether a capped question's members still have room for another round, above what is kept for
   * the consensus (an uncapped question always has).
   */
  private async budgetLeft(
    question: Pick<QuestionEntity, 'id' | 'tokenCap' | 'showDebate'>,
  ): Promise<boolean> {
    const { budget } = this.deps;
    const cap = question.tokenCap;
    if (cap === null || !budget) return true;
    const left = await budget.remaining(question.id, cap, consensusReserve(cap, question.showDebate));
    return left > TOKEN_CAP.minOutputTokens;
  }

  /**
   * Waits for the asker's note after `round`: the pause is stored on the question and announced,
   * then the job is delayed until the countdown's end (the gateway promotes it sooner). Throws
   * DelayedError; the job resumes at the "pause" step.
   */
  private async pause(
    job: Job,
    data: ConsensusFinaliseJobData,
    question: Pick<QuestionEntity, 'id' | 'tokenCap'>,
    round: number,
    debateGoesOn: boolean,
    token: string | undefined,
  ): Promise<never> {
    if (!token) throw new Error('The consensus job needs its lock token to pause');
    const endsAt = new Date(Date.now() + (this.deps.pauseMs ?? WEIGH_IN.pauseSeconds * 1000));
    await this.next(job, data, { step: 'pause', round, debateGoesOn });
    await this.holdNextRound(data, question, round);
    if (await this.deps.pauses.start(data.questionId, round, endsAt)) {
      await this.append(data.questionId, [{ type: 'debate:paused', round, endsAt: endsAt.toISOString() }]);
    }
    await job.moveToDelayed(endsAt.getTime(), token);
    throw new DelayedError();
  }

  /**
   * While it waits, an uncapped question holds only what its next round needs (DECISIONS 26):
   * billing gives back the rest, and the calls' budget starts from what it kept (they top it up
   * if the round needs more). A capped question keeps its cap; a trim billing does not confirm
   * leaves the hold as it was.
   */
  private async holdNextRound(
    data: ConsensusFinaliseJobData,
    question: Pick<QuestionEntity, 'id' | 'tokenCap'>,
    round: number,
  ): Promise<void> {
    const { trimHold, budget } = this.deps;
    if (question.tokenCap !== null || !trimHold) return;
    const kept = await trimHold({ userId: data.userId, questionId: data.questionId, afterRound: round });
    if (kept !== null && budget) await budget.set(data.questionId, kept);
  }

  private async startRound(
    job: Job,
    data: ConsensusFinaliseJobData,
    round: number,
    members: readonly QuestionAgentEntity[],
  ): Promise<ConsensusFinaliseJobData> {
    // Step first: if this process dies after adding children, the rerun resumes at "debate".
    const next = await this.next(job, data, { step: 'debate', round });
    await this.append(data.questionId, [{ type: 'debate:round', round, status: 'started' }]);
    for (const member of members) {
      const payload = { ...memberPayload(data, member), round };
      await this.deps.queues.addChild(
        job,
        JOBS.debateRevision,
        payload,
        jobId(data.questionId, member.order, round),
      );
    }
    return next;
  }

  private async startSynthesis(job: Job, data: ConsensusFinaliseJobData): Promise<ConsensusFinaliseJobData> {
    const members = await this.deps.repository.members(data.questionId);
    const leader = members.find((member) => member.order === data.leaderOrder) ?? members[0];
    const answered = await this.deps.repository.succeeded(data.questionId, 0);
    if (!leader || answered.length === 0) {
      await this.failConsensus(data, 'No council member answered, so no consensus could be formed.');
      return this.next(job, data, { step: 'done' });
    }
    const next = await this.next(job, data, { step: 'done' });
    const payload = { ...memberPayload(data, leader), round: data.round };
    await this.deps.queues.addChild(job, JOBS.synthesis, payload, synthesisJobId(data.questionId));
    return next;
  }

  /** Whether any member changed its position in `round` (from the revisions' results, else by text). */
  private async anyChanged(
    job: Job,
    questionId: number,
    round: number,
    members: readonly QuestionAgentEntity[],
  ): Promise<boolean> {
    const values = (await job.getChildrenValues()) as Record<string, ChildResult | null>;
    for (const member of members) {
      const suffix = `:${jobId(questionId, member.order, round)}`;
      const entry = Object.entries(values).find(([key]) => key.endsWith(suffix));
      const changed = entry?.[1]?.changed;
      if (changed === true) return true;
      if (changed === false) continue;
      // No result recorded: compare the stored texts of this round and the one before.
      const texts = await this.deps.repository.answerTexts(questionId, member.order);
      if (normalise(texts.get(round) ?? '') !== normalise(texts.get(round - 1) ?? '')) return true;
    }
    return false;
  }

  private async waitForChildren(job: Job, token: string | undefined): Promise<void> {
    if (!token) throw new Error('The consensus job needs its lock token to wait for children');
    const waiting = await job.moveToWaitingChildren(token);
    if (waiting) throw new WaitingChildrenError();
  }

  private async next(
    job: Job,
    data: ConsensusFinaliseJobData,
    change: Partial<Pick<ConsensusFinaliseJobData, 'step' | 'round' | 'debateGoesOn'>>,
  ): Promise<ConsensusFinaliseJobData> {
    const next = { ...data, ...change };
    await job.updateData(next);
    return next;
  }

  /** A consensus that could not even start is stored with its error, like a failed synthesis. */
  private async failConsensus(data: ConsensusFinaliseJobData, error: string): Promise<void> {
    const responseId = await this.deps.repository.insertFailedConsensus(data.questionId, error);
    if (responseId !== null) {
      await this.append(data.questionId, [{ type: 'consensus:failed', responseId, error }]);
    }
  }

  /** Totals, status, the final stream entry (which sets the stream's expiry) and the release. */
  private async finalise(data: ConsensusFinaliseJobData): Promise<ConsensusJobResult> {
    const rows = await this.deps.repository.finalise(data.questionId);
    const question = rows.find((row) => row.part === 'question');
    if (!question) throw new UnrecoverableError(`Question ${data.questionId} does not exist`);
    // A cancelled question's stream was ended by the gateway (question:failed): nothing is added.
    const cancelled = question.status === 'cancelled';
    const totalTokensUsed = Number(question.total);
    const unfinished = rows.filter((row) => row.part === 'unfinished');
    await this.deps.queues.release(data.questionId, data.userId);
    if (!cancelled) {
      await this.append(data.questionId, [
        ...unfinished.map((row): StreamEntry =>
          row.memberOrder === null
            ? { type: 'consensus:failed', responseId: row.id ?? 0, error: row.error ?? UNFINISHED_ERROR }
            : {
                type: 'answer:failed',
                memberOrder: row.memberOrder,
                round: row.round ?? 0,
                responseId: row.id ?? 0,
                error: row.error ?? UNFINISHED_ERROR,
              },
        ),
        { type: 'question:completed', totalTokensUsed },
      ]);
    }
    return { totalTokensUsed, rounds: data.round };
  }

  private async append(questionId: number, entries: readonly StreamEntry[]): Promise<void> {
    await this.deps.stream.append(questionId, entries);
  }
}

function memberPayload(data: ConsensusFinaliseJobData, member: QuestionAgentEntity): MemberAnswerJobData {
  const provider = member.agent?.provider;
  if (!provider) throw new Error(`Member ${member.order} of question ${data.questionId} has no agent`);
  return {
    questionId: data.questionId,
    memberOrder: member.order,
    round: 0,
    agentId: member.agentId,
    modelId: member.modelId,
    roleId: member.roleId,
    provider,
    userId: data.userId,
    showReasoning: data.showReasoning,
  };
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
