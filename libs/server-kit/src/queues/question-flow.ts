// The BullMQ jobs of one question (docs/architecture.md "Flows"). With a debate, a flow: the parent
// is consensus-finalise on the consensus queue; its children are the members' first answers, each
// on its provider's queue. Without one, the first answers alone, and the last to end ends the
// question. The gateway adds them with FlowProducer.addBulk(buildQuestionJobs(...)).

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
 * Every job a question starts with, for FlowProducer.addBulk (one atomic add: the provider and
 * consensus queues share a hash tag). A question without a debate needs nothing once its answers
 * end but its total, the release and the final stream entry, which the provider worker writes
 * when the last member ends (endsQuestion): no parent job, no consensus worker on its path.
 */
export function buildQuestionJobs(
  question: QuestionFlowQuestion,
  members: readonly QuestionFlowMember[],
  options: QuestionFlowOptions = {},
): FlowJob[] {
  if (question.showDebate) return [buildQuestionFlow(question, members, options)];
  if (members.length === 0) throw new RangeError('A question needs at least one member');
  return [...members]
    .sort((a, b) => a.order - b.order)
    .map((member) => firstAnswerJob(question, member, options, true));
}

function firstAnswerJob(
  question: QuestionFlowQuestion,
  member: QuestionFlowMember,
  options: QuestionFlowOptions,
  endsQuestion = false,
): FlowJob {
  return flowJob(
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
      ...(endsQuestion ? { endsQuestion: true } : {}),
    },
    providerJobOptions(jobId(question.id, member.order, 0), options),
  );
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
  const children = sorted.map((member) => firstAnswerJob(question, member, options));
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
