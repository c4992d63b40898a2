// The council rules of spec §5/§6 (DECISIONS 4, 10, 13) as pure functions, and the answer mappers.

import {
  AGENTS_MIN_MESSAGE,
  type AskQuestionDto,
  PREMIUM_FEATURE_MESSAGE,
  PROVIDERS,
  type Provider,
  type QuestionAgentResponse,
  type QuestionResponse,
  type ResponseRow,
  type SubscriptionTier,
  VALIDATION_MESSAGES,
  canChangeAgents,
  canUseDebate,
  canUseReasoning,
  maxAgentsFor,
  maxAgentsMessage,
  minAgentsFor,
} from '@council/contracts';
import {
  type AgentEntity,
  type ModelEntity,
  type QuestionAgentEntity,
  type QuestionEntity,
  type ResponseEntity,
  type RoleEntity,
} from '@council/db';
import { DomainException } from '@council/server-kit';
import { CATALOGUE_EMPTY_MESSAGE } from './questions.constants';

/** The active catalogue, agents by position and each agent's models by position. */
export interface CatalogueSnapshot {
  agents: readonly AgentEntity[];
  models: readonly ModelEntity[];
  roles: readonly RoleEntity[];
}

export interface PlannedMember {
  agentId: number;
  modelId: number;
  roleId: number | null;
  order: number;
  provider: Provider;
}

export interface CouncilPlan {
  /** Sorted by order. */
  members: PlannedMember[];
  /** Stored on the question: the leader's agent id with debate on, else null. */
  debateLeaderId: number | null;
  /** The leader's member order with debate on, else null. */
  leaderOrder: number | null;
}

type AskInput = Pick<AskQuestionDto, 'showDebate' | 'showReasoning' | 'debateLeaderId' | 'agents'>;

/**
 * The default council (spec §4): the first active agent of each provider, by position, with its
 * first active model and no role, ordered 0, 1, 2.
 */
export function defaultCouncil(catalogue: CatalogueSnapshot): PlannedMember[] {
  return PROVIDERS.map((provider, order) => {
    for (const agent of catalogue.agents) {
      if (agent.provider !== provider) continue;
      const model = catalogue.models.find((candidate) => candidate.agentId === agent.id);
      if (model) return { agentId: agent.id, modelId: model.id, roleId: null, order, provider };
    }
    throw new DomainException('SERVICE_UNAVAILABLE', CATALOGUE_EMPTY_MESSAGE);
  });
}

/**
 * Applies the tier's rules to a validated request: premium features (403 PREMIUM_FEATURE), the
 * fixed defaults on the free tier, the member count (fewer than the minimum 400, more than the
 * tier allows 403), members that name active catalogue rows whose model belongs to the agent
 * (400), and a debate leader that is one of the members (400).
 */
export function planCouncil(
  tier: SubscriptionTier,
  input: AskInput,
  catalogue: CatalogueSnapshot,
): CouncilPlan {
  if ((input.showDebate && !canUseDebate(tier)) || (input.showReasoning && !canUseReasoning(tier))) {
    throw new DomainException('PREMIUM_FEATURE', PREMIUM_FEATURE_MESSAGE);
  }
  const requested = input.agents ?? [];
  const members =
    canChangeAgents(tier) && requested.length > 0
      ? requested.map((member) => resolveMember(member, catalogue))
      : defaultCouncil(catalogue);
  if (members.length < minAgentsFor(tier)) {
    throw new DomainException('VALIDATION_FAILED', AGENTS_MIN_MESSAGE);
  }
  const max = maxAgentsFor(tier);
  if (members.length > max) throw new DomainException('FORBIDDEN', maxAgentsMessage(max));
  if (new Set(members.map((member) => member.order)).size !== members.length) {
    throw new DomainException('VALIDATION_FAILED', VALIDATION_MESSAGES.memberOrderUnique);
  }
  members.sort((a, b) => a.order - b.order);

  if (!input.showDebate) return { members, debateLeaderId: null, leaderOrder: null };
  const wanted = input.debateLeaderId ?? null;
  const leader = wanted === null ? members[0] : members.find((member) => member.agentId === wanted);
  if (!leader) throw new DomainException('VALIDATION_FAILED', VALIDATION_MESSAGES.debateLeaderInvalid);
  return { members, debateLeaderId: leader.agentId, leaderOrder: leader.order };
}

function resolveMember(
  member: { agentId: number; modelId: number; roleId?: number | null; order: number },
  catalogue: CatalogueSnapshot,
): PlannedMember {
  const agent = catalogue.agents.find((candidate) => candidate.id === member.agentId);
  const model = catalogue.models.find((candidate) => candidate.id === member.modelId);
  const roleId = member.roleId ?? null;
  const roleOk = roleId === null || catalogue.roles.some((role) => role.id === roleId);
  if (!agent || !model || model.agentId !== agent.id || !roleOk) {
    throw new DomainException('VALIDATION_FAILED', VALIDATION_MESSAGES.memberIdInvalid);
  }
  return { agentId: agent.id, modelId: model.id, roleId, order: member.order, provider: agent.provider };
}

export function toQuestionResponse(question: QuestionEntity): QuestionResponse {
  return {
    id: question.id,
    question: question.question,
    showDebate: question.showDebate,
    showReasoning: question.showReasoning,
    debateLeaderId: question.debateLeaderId,
    status: question.status,
    totalTokensUsed: question.totalTokensUsed,
    isShared: question.isShared,
    shareId: question.shareId,
    shareTitle: question.shareTitle,
    shareDescription: question.shareDescription,
    shareExpiresAt: question.shareExpiresAt ? question.shareExpiresAt.toISOString() : null,
    createdAt: question.createdAt.toISOString(),
  };
}

/** A member with its agent, model and (optional) role loaded. */
export function toQuestionAgentResponse(member: QuestionAgentEntity): QuestionAgentResponse {
  const { agent, model, role } = member;
  if (!agent || !model) throw new Error(`question_agents ${member.id} was read without its agent and model`);
  return {
    id: member.id,
    questionId: member.questionId,
    agentId: member.agentId,
    modelId: member.modelId,
    roleId: member.roleId,
    order: member.order,
    agent: {
      id: agent.id,
      name: agent.name,
      provider: agent.provider,
      description: agent.description,
      logoUrl: agent.logoUrl,
    },
    model: {
      id: model.id,
      agentId: model.agentId,
      name: model.name,
      version: model.version,
      description: model.description,
      capabilities: model.capabilities,
      contextWindow: model.contextWindow,
    },
    role: role
      ? { id: role.id, name: role.name, description: role.description, category: role.category }
      : null,
  };
}

export function toResponseRow(response: ResponseEntity): ResponseRow {
  return {
    id: response.id,
    questionId: response.questionId,
    provider: response.provider,
    memberOrder: response.memberOrder,
    round: response.round,
    agentId: response.agentId,
    modelId: response.modelId,
    roleId: response.roleId,
    status: response.status,
    response: response.response,
    reasoning: response.reasoning,
    debateLog: response.debateLog,
    error: response.error,
    promptTokens: response.promptTokens,
    completionTokens: response.completionTokens,
    totalTokens: response.totalTokens,
    createdAt: response.createdAt.toISOString(),
  };
}

/** `?wait=true` (also `1`); anything else, or absent, answers at once. */
export function parseWaitFlag(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}
