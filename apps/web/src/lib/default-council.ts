// The council a new selection starts from: the Ask form seats it and the Company page describes it.
import { type AgentResponse, type ModelResponse, PROVIDERS } from '@council/contracts';

export interface CouncilMember {
  agentId: number;
  modelId: number;
  roleId: number | null;
  order: number;
}

export interface CouncilCatalogue {
  agents: readonly AgentResponse[];
  models: readonly ModelResponse[];
}

export function firstModelOf(models: readonly ModelResponse[], agentId: number): ModelResponse | undefined {
  return models.find((model) => model.agentId === agentId);
}

/** The first agent of each provider with its first model, ordered 0, 1, 2 (spec §4). */
export function defaultCouncil({ agents, models }: CouncilCatalogue): CouncilMember[] {
  const members: CouncilMember[] = [];
  for (const provider of PROVIDERS) {
    const agent = agents.find(
      (candidate) => candidate.provider === provider && firstModelOf(models, candidate.id) !== undefined,
    );
    const model = agent && firstModelOf(models, agent.id);
    if (agent && model) {
      members.push({ agentId: agent.id, modelId: model.id, roleId: null, order: members.length });
    }
  }
  return members;
}
