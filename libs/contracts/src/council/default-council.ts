// The default council (docs/decisions.md, "23. The default council is made of live members"): one
// rule for the gateway, which seats it on the free plan and when no council is sent, and for the web,
// which shows it on the Ask screen, /company and the help centre.

import { isBuiltInProvider } from '../domain/domain.constants';
import { AGENTS_MIN } from '../limits/limits.constants';

/** How many seats the default council has: the free plan's three default assistants (spec §4, §6). */
export const DEFAULT_COUNCIL_SEATS = AGENTS_MIN;

/** What the rule reads of an offered agent (GET /api/agents, or the gateway's catalogue). */
export interface DefaultCouncilAgent {
  id: number;
  provider: string;
  /** True while its provider answers from the demo script (DECISIONS 15). */
  demo?: boolean;
}

export interface DefaultCouncilModel {
  id: number;
  agentId: number;
}

export interface DefaultCouncilCatalogue {
  /** Offered agents in catalogue order. */
  agents: readonly DefaultCouncilAgent[];
  /** Offered models in catalogue order. */
  models: readonly DefaultCouncilModel[];
  /** Roles in catalogue order: the council's voices when one model must fill several seats. */
  roles?: readonly { id: number }[];
}

export interface DefaultSeat {
  agentId: number;
  modelId: number;
  roleId: number | null;
  order: number;
}

/**
 * The first agent of each live provider with its first model, built-in providers first, then
 * catalogue order. With fewer live providers than seats, the live ones fill the rest in turn: their
 * next agents, then their agents' next models, then the seated models again in the catalogue's roles.
 * Demo members sit only when no provider is live. Empty when nothing can be seated.
 */
export function defaultCouncil(
  catalogue: DefaultCouncilCatalogue,
  seats: number = DEFAULT_COUNCIL_SEATS,
): DefaultSeat[] {
  const seatable = catalogue.agents.filter((agent) =>
    catalogue.models.some((model) => model.agentId === agent.id),
  );
  const live = seatable.filter((agent) => agent.demo !== true);
  const pool = live.length > 0 ? live : seatable;
  const providers = providerOrder(pool);
  if (providers.length === 0) return [];
  const chosen: Omit<DefaultSeat, 'order'>[] = [];
  const taken = (agentId: number, modelId: number) =>
    chosen.some((seat) => seat.agentId === agentId && seat.modelId === modelId);

  // Each provider's agents in turn: first agents of every provider, then second agents, and so on.
  const byProvider = providers.map((provider) => pool.filter((agent) => agent.provider === provider));
  const depth = Math.max(...byProvider.map((agents) => agents.length));
  for (let rank = 0; rank < depth && chosen.length < seats; rank += 1) {
    for (const agents of byProvider) {
      const agent = agents[rank];
      if (!agent || chosen.length >= seats) continue;
      const model = catalogue.models.find((candidate) => candidate.agentId === agent.id)!;
      chosen.push({ agentId: agent.id, modelId: model.id, roleId: null });
    }
  }
  // Seats still open: the pool's other models.
  for (const agent of pool) {
    for (const model of catalogue.models) {
      if (chosen.length >= seats) break;
      if (model.agentId === agent.id && !taken(agent.id, model.id)) {
        chosen.push({ agentId: agent.id, modelId: model.id, roleId: null });
      }
    }
  }
  // Then the same models again, each in a different role while the catalogue has roles, so the
  // seats do not repeat one voice.
  const roles = catalogue.roles ?? [];
  const distinct = [...chosen];
  for (let index = 0; chosen.length < seats; index += 1) {
    const seat = distinct[index % distinct.length];
    chosen.push({ ...seat, roleId: roles.length > 0 ? roles[index % roles.length].id : null });
  }
  return chosen.map((seat, order) => ({ ...seat, order }));
}

/** Providers in the order their first agent appears, built-in ones first. */
function providerOrder(agents: readonly DefaultCouncilAgent[]): string[] {
  const providers = [...new Set(agents.map((agent) => agent.provider))];
  return [
    ...providers.filter((provider) => isBuiltInProvider(provider)),
    ...providers.filter((provider) => !isBuiltInProvider(provider)),
  ];
}
