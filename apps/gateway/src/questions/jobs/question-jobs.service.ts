import { InjectFlowProducer, InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import {
  DEBATE_MAX_ROUNDS,
  JOBS,
  type MemberAnswerJobData,
  QUEUES,
  finaliseJobId,
  jobId,
  synthesisJobId,
  errorMessage,
} from '@council/contracts';
import { type QuestionAgentEntity } from '@council/db';
import { buildQuestionJobs, providerJobOptions } from '@council/server-kit';
import { FlowProducer, type Job, Queue } from 'bullmq';
import { QUESTION_FLOW_PRODUCER } from '../questions.constants';
import { type CouncilPlan } from '../questions.util';
import { ProviderQueues } from './provider-queues';

/** States of a job that has not started: removing it is safe. */
const NOT_STARTED_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

export interface QueuedQuestion {
  id: number;
  userId: number;
  showDebate: boolean;
  showReasoning: boolean;
  weighIn: boolean;
}

/** The queue side of a question: its flow, removing what has not started, and a member's retry. */
@Injectable()
export class QuestionJobs {
  private readonly logger = new Logger(QuestionJobs.name);

  constructor(
    @InjectFlowProducer(QUESTION_FLOW_PRODUCER) private readonly flows: FlowProducer,
    @InjectQueue(QUEUES.consensus) private readonly consensusQueue: Queue,
    private readonly providerQueues: ProviderQueues,
  ) {}

  /** A question's first jobs (buildQuestionJobs): its flow with a debate, else its members' answers. */
  async enqueue(question: QueuedQuestion, plan: CouncilPlan): Promise<void> {
    await this.flows.addBulk(buildQuestionJobs(question, plan.members, { leaderOrder: plan.leaderOrder }));
  }

  /**
   * Ends the debate's pause now: the delayed flow parent runs at once (it reads the note, if any).
   * A parent that already left the delay (its countdown ran out) is left alone.
   */
  async resumeDebate(questionId: number): Promise<void> {
    const parent = await this.consensusQueue.getJob(finaliseJobId(questionId));
    if (!parent || (await parent.getState()) !== 'delayed') return;
    await parent.promote().catch((error: unknown) => {
      // It left the delay between the two calls: it runs anyway.
      this.logger.warn(`Question ${questionId}: promoting the paused debate failed: ${errorMessage(error)}`);
    });
  }

  /** Adds a member's first answer again under its deterministic id, removing the failed job first. */
  async requeueMemberAnswer(data: MemberAnswerJobData): Promise<void> {
    const queue = this.providerQueues.get(data.provider);
    const id = jobId(data.questionId, data.memberOrder, 0);
    const previous = await queue.queue.getJob(id);
    if (previous) await previous.remove();
    await queue.add(JOBS.memberAnswer, data, providerJobOptions(id));
  }

  /**
   * Removes every job of the question that has not started: first answers, debate revisions and the
   * synthesis on the provider queues, then the flow parent once none of its children is running.
   */
  async removePending(questionId: number, members: readonly QuestionAgentEntity[]): Promise<void> {
    let active = false;
    const tryRemove = async (job: Job | undefined): Promise<void> => {
      if (!job) return;
      const state = await job.getState();
      if (state === 'active') active = true;
      if (!NOT_STARTED_STATES.has(state)) return;
      await job.remove().catch((error: unknown) => {
        active = true;
        this.logger.warn(`Question ${questionId}: job ${job.id ?? '?'} not removed: ${errorMessage(error)}`);
      });
    };
    const providers = new Set(members.map((member) => member.agent?.provider ?? 'openai'));
    for (const member of members) {
      const { queue } = this.providerQueues.get(member.agent?.provider ?? 'openai');
      for (let round = 0; round <= DEBATE_MAX_ROUNDS; round += 1) {
        await tryRemove(await queue.getJob(jobId(questionId, member.order, round)));
      }
    }
    // The synthesis runs on the leader's provider, one of the members'.
    for (const provider of providers) {
      await tryRemove(await this.providerQueues.get(provider).queue.getJob(synthesisJobId(questionId)));
    }
    if (!active) await tryRemove(await this.consensusQueue.getJob(finaliseJobId(questionId)));
  }
}
