// The council a new selection starts from: the Ask form seats it and the Company page and the help
// centre describe it. The rule is libs/contracts' (docs/decisions.md, "23. The default council is
// made of live members"), the same the gateway seats.
import {
  type AgentResponse,
  type DefaultSeat,
  type ModelResponse,
  type RoleResponse,
  defaultCouncil as defaultSeats,
  modelLabel,
} from '@council/contracts';

export type CouncilMember = DefaultSeat;

export interface CouncilCatalogue {
  agents: readonly AgentResponse[];
  models: readonly ModelResponse[];
  /** The roles seats take when one model must fill several; none until they have loaded. */
  roles?: readonly RoleResponse[];
}

export function firstModelOf(models: readonly ModelResponse[], agentId: number): ModelResponse | undefined {
  return models.find((model) => model.agentId === agentId);
}

/** The first agent of each live provider with its first model; the live ones fill any seat left. */
export function defaultCouncil(catalogue: CouncilCatalogue): CouncilMember[] {
  return defaultSeats(catalogue);
}

/** One seat of the default council as the pages describe it. */
export interface DescribedSeat {
  order: number;
  agent: string;
  model: string;
  role: string | null;
  demo: boolean;
}

/** The default council with its names, for the pages that say who will answer. */
export function describeDefaultCouncil(catalogue: CouncilCatalogue): DescribedSeat[] {
  return defaultCouncil(catalogue).flatMap((seat) => {
    const agent = catalogue.agents.find((candidate) => candidate.id === seat.agentId);
    const model = catalogue.models.find((candidate) => candidate.id === seat.modelId);
    if (!agent || !model) return [];
    const role = catalogue.roles?.find((candidate) => candidate.id === seat.roleId)?.name ?? null;
    return [
      { order: seat.order, agent: agent.name, model: modelLabel(model), role, demo: agent.demo === true },
    ];
  });
}
