// The BullMQ flow of one question (ARCHITECTURE "Flows"): the parent is consensus-finalise on the
// consensus queue; its children are the members' first answers, each on its provider's queue.
// The gateway adds it with FlowProducer.add(buildQuestionFlow(...)).

import { JOBS, type Provider, QUEUES, finaliseJobId, jobId, providerQueueName } from '@council/contracts';
import { type FlowJob } from 'bullmq';
import { type ProviderJobOptionsOverrides, providerJobOptions } from './job-options';
import { flowJob } from './job-queue';

export interface QuestionFlowQuestion {
  id: number;
  userId: number;
  showDebate: boolean;
  showReasoning: boolean;
  /** Pause the debate after each round for the asker's note (default off). */
  weighIn?: boolean;
}

export interface QuestionFlowMember {
  /** question_agents.order. */
  order: number;
  agentId: number;
  modelId: number;
  roleId: number | null;
  /** The agent's provider: picks the queue. */
  provider: Provider;
}

export interface QuestionFlowOptions extends ProviderJobOptionsOverrides {
  /** question_agents.order of the debate leader (debate only); default: the first member. */
  leaderOrder?: number | null;
}

/**
 * The flow tree for a question. Job ids are deterministic (finaliseJobId, jobId(q, order, 0)), so
 * adding the same question twice never runs it twice. Children carry `ignoreDependencyOnFailure`,
 * so a member that fails for good never blocks the parent.
 */
export function buildQuestionFlow(
  question: QuestionFlowQuestion,
  members: readonly QuestionFlowMember[],
  options: QuestionFlowOptions = {},
): FlowJob {
  if (members.length === 0) throw new RangeError('A question needs at least one member');
  const sorted = [...members].sort((a, b) => a.order - b.order);
  const leaderOrder = question.showDebate ? (options.leaderOrder ?? sorted[0].order) : null;
  const children = sorted.map((member) =>
    flowJob(
      providerQueueName(member.provider),
      JOBS.memberAnswer,
      {
        questionId: question.id,
        memberOrder: member.order,
        round: 0,
        agentId: member.agentId,
        modelId: member.modelId,
        roleId: member.roleId,
        provider: member.provider,
        userId: question.userId,
        showReasoning: question.showReasoning,
      },
      providerJobOptions(jobId(question.id, member.order, 0), options),
    ),
  );
  return flowJob(
    QUEUES.consensus,
    JOBS.consensusFinalise,
    {
      questionId: question.id,
      userId: question.userId,
      showDebate: question.showDebate,
      showReasoning: question.showReasoning,
      leaderOrder,
      step: 'answers',
      round: 0,
      ...(question.weighIn ? { weighIn: true } : {}),
    },
    {
      jobId: finaliseJobId(question.id),
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 60 * 60 },
    },
    children,
  );
}
