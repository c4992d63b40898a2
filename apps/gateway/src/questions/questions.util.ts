// The council rules of spec §5/§6 (DECISIONS 4, 10, 13) as pure functions, and the answer mappers.

import {
  AGENTS_MIN_MESSAGE,
  CONVERSATION_TEXTS,
  FINAL_QUESTION_STATUSES,
  NEW_QUESTION_STATE,
  type AskQuestionDto,
  NO_MODEL_REFUSAL,
  PREMIUM_FEATURE_MESSAGE,
  type Provider,
  type ProviderMode,
  type QuestionAgentResponse,
  type QuestionResponse,
  type QuestionStatus,
  type ResponseRow,
  type SubscriptionTier,
  VALIDATION_MESSAGES,
  canChangeAgents,
  canUseDebate,
  canUseReasoning,
  defaultCouncil as defaultSeats,
  maxAgentsFor,
  memberAnswerKind,
  maxAgentsMessage,
  minAgentsFor,
  nobodyCanAnswer,
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
  /** How each provider answers, as the provider workers published it (empty when unknown). */
  modes: Readonly<Record<string, ProviderMode>>;
}

export interface PlannedMember {
  agentId: number;
  modelId: number;
  roleId: number | null;
  order: number;
  provider: Provider;
}

/** Where a follow-up sits in its conversation, and what its members' threads carry. */
export interface FollowUpTurn {
  /** The conversation's first question. */
  conversationId: number;
  threadOmittedTurns: number;
  /** Characters of the longest member thread kept: the prompt every call carries on top of the question. */
  threadChars: number;
}

export interface CouncilPlan {
  /** Sorted by order. */
  members: PlannedMember[];
  /** Stored on the question: the leader's agent id with debate on, else null. */
  debateLeaderId: number | null;
  /** The leader's member order with debate on, else null. */
  leaderOrder: number | null;
}

type AskInput = Pick<AskQuestionDto, 'showDebate' | 'showReasoning' | 'debateLeaderId' | 'agents'> &
  Partial<Pick<AskQuestionDto, 'weighIn'>>;

type TurnOptions = Pick<AskInput, 'showDebate' | 'showReasoning' | 'weighIn'>;

/** What every turn chooses again must be on the tier: debate and reasoning (403), weigh-in with debate (400). */
function checkTurnOptions(tier: SubscriptionTier, input: TurnOptions): void {
  if ((input.showDebate && !canUseDebate(tier)) || (input.showReasoning && !canUseReasoning(tier))) {
    throw new DomainException('PREMIUM_FEATURE', PREMIUM_FEATURE_MESSAGE);
  }
  if (input.weighIn && !input.showDebate) {
    throw new DomainException('VALIDATION_FAILED', VALIDATION_MESSAGES.weighInNeedsDebate);
  }
}

/**
 * The default council (docs/decisions.md, "23. The default council is made of live members"): the
 * rule in libs/contracts, over the offered catalogue with each provider's mode.
 */
export function defaultCouncil(catalogue: CatalogueSnapshot): PlannedMember[] {
  const agents = catalogue.agents.map((agent) => ({
    id: agent.id,
    provider: agent.provider,
    demo: isDemo(agent.provider, catalogue),
  }));
  const seats = defaultSeats({ agents, models: catalogue.models, roles: catalogue.roles });
  if (seats.length === 0) throw new DomainException('SERVICE_UNAVAILABLE', CATALOGUE_EMPTY_MESSAGE);
  return seats.map((seat) => ({
    ...seat,
    provider: catalogue.agents.find((agent) => agent.id === seat.agentId)!.provider,
  }));
}

function isDemo(provider: Provider, catalogue: Pick<CatalogueSnapshot, 'modes'>): boolean {
  return catalogue.modes[provider] === 'demo';
}

/**
 * A question that no member can answer (every member in demo mode, and not an example) is refused
 * before anything is written (docs/decisions.md, "22. A card that is not an answer").
 */
export function refuseUnanswerable(
  plan: Pick<CouncilPlan, 'members'>,
  question: string,
  catalogue: Pick<CatalogueSnapshot, 'modes'>,
): void {
  const kinds = plan.members.map((member) => memberAnswerKind(isDemo(member.provider, catalogue), question));
  if (nobodyCanAnswer(kinds)) throw new DomainException('NO_MODEL_CONFIGURED', NO_MODEL_REFUSAL);
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
  checkTurnOptions(tier, input);
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

/**
 * A follow-up's council (docs/decisions.md, "25. Follow-ups"): the conversation's members, models
 * and roles, still offered (else 409) and within the tier's size (403); the options are the
 * turn's own. With debate on, the conversation's last leader leads again when still a member.
 */
export function planFollowUp(
  tier: SubscriptionTier,
  input: TurnOptions,
  council: readonly Pick<QuestionAgentEntity, 'agentId' | 'modelId' | 'roleId' | 'order'>[],
  leaderAgentId: number | null,
  catalogue: CatalogueSnapshot,
): CouncilPlan {
  checkTurnOptions(tier, input);
  let members: PlannedMember[];
  try {
    members = council.map((member) => resolveMember(member, catalogue));
  } catch {
    throw new DomainException('CONFLICT', CONVERSATION_TEXTS.memberGone);
  }
  const max = maxAgentsFor(tier);
  if (members.length > max) throw new DomainException('FORBIDDEN', maxAgentsMessage(max));
  members.sort((a, b) => a.order - b.order);
  if (!input.showDebate) return { members, debateLeaderId: null, leaderOrder: null };
  const leader = members.find((member) => member.agentId === leaderAgentId) ?? members[0]!;
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
    weighIn: question.weighIn,
    tokenCap: question.tokenCap,
    pausedAfterRound: question.pausedAfterRound,
    pauseEndsAt: question.pauseEndsAt ? question.pauseEndsAt.toISOString() : null,
    debateLeaderId: question.debateLeaderId,
    status: question.status,
    conversationId: question.conversationId,
    threadOmittedTurns: question.threadOmittedTurns,
    totalTokensUsed: question.totalTokensUsed,
    isShared: question.isShared,
    shareId: question.shareId,
    shareTitle: question.shareTitle,
    shareDescription: question.shareDescription,
    shareExpiresAt: question.shareExpiresAt ? question.shareExpiresAt.toISOString() : null,
    createdAt: question.createdAt.toISOString(),
  };
}

/** A question as the ask just stored it; mirrors toQuestionResponse of the stored row. */
export function newQuestionResponse(
  stored: { id: number; createdAt: Date },
  dto: Pick<AskQuestionDto, 'question' | 'showDebate' | 'showReasoning' | 'weighIn' | 'tokenCap'>,
  plan: Pick<CouncilPlan, 'debateLeaderId'>,
  turn: FollowUpTurn | null = null,
): QuestionResponse {
  return {
    id: stored.id,
    question: dto.question,
    showDebate: dto.showDebate,
    showReasoning: dto.showReasoning,
    weighIn: dto.weighIn,
    tokenCap: dto.tokenCap ?? null,
    debateLeaderId: plan.debateLeaderId,
    ...NEW_QUESTION_STATE,
    conversationId: turn?.conversationId ?? null,
    threadOmittedTurns: turn?.threadOmittedTurns ?? 0,
    createdAt: stored.createdAt.toISOString(),
  };
}

/** What toQuestionAgentResponse reads: a stored member, or one just planned (plannedAgentResponses). */
export type QuestionAgentRow = Pick<
  QuestionAgentEntity,
  'id' | 'questionId' | 'agentId' | 'modelId' | 'roleId' | 'order' | 'agent' | 'model' | 'role'
>;

/** A member with its agent, model and (optional) role loaded. */
export function toQuestionAgentResponse(member: QuestionAgentRow): QuestionAgentResponse {
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
      facts: model.facts,
    },
    role: role
      ? { id: role.id, name: role.name, description: role.description, category: role.category }
      : null,
  };
}

/**
 * The council just inserted, as reading it back with its relations would answer it: the plan's
 * members (sorted by order, as that read is) with the catalogue rows they were planned from.
 * `memberIds` maps each member's order to its question_agents id.
 */
export function plannedAgentResponses(
  questionId: number,
  members: readonly PlannedMember[],
  memberIds: ReadonlyMap<number, number>,
  catalogue: CatalogueSnapshot,
): QuestionAgentResponse[] {
  return members.map((member) => {
    const id = memberIds.get(member.order);
    const agent = catalogue.agents.find((candidate) => candidate.id === member.agentId);
    const model = catalogue.models.find((candidate) => candidate.id === member.modelId);
    const role =
      member.roleId === null ? null : catalogue.roles.find((candidate) => candidate.id === member.roleId);
    // planCouncil only plans members from these rows; a miss is a bug, not a user error.
    if (id === undefined || !agent || !model || role === undefined) {
      throw new Error(`Planned member ${member.order} of question ${questionId} is not in its catalogue`);
    }
    return toQuestionAgentResponse({
      id,
      questionId,
      agentId: member.agentId,
      modelId: member.modelId,
      roleId: member.roleId,
      order: member.order,
      agent,
      model,
      role,
    });
  });
}

/**
 * A value loaded on demand and kept for `ttlMs` after each load. Concurrent misses share one load
 * (a burst of asks after expiry reads once); a failed load is dropped, so the next call tries again.
 */
export class TtlCache<T> {
  private entry: { value: Promise<T>; expiresAt: number } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.entry && this.now() < this.entry.expiresAt) return this.entry.value;
    // Never expires while loading, so callers arriving meanwhile wait for this load.
    const entry = { value: this.load(), expiresAt: Number.POSITIVE_INFINITY };
    this.entry = entry;
    entry.value.then(
      () => {
        if (this.entry === entry) entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (this.entry === entry) this.entry = null;
      },
    );
    return entry.value;
  }
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
    stoppedAtLimit: response.stoppedAtLimit,
    positionChanged: response.positionChanged,
    agreementMap: response.agreementMap,
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

/** Completed, failed or cancelled: nothing more will run for the question. */
export function isFinalStatus(status: QuestionStatus): boolean {
  return (FINAL_QUESTION_STATUSES as readonly string[]).includes(status);
}
