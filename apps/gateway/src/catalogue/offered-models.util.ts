import { isListedModel } from '@council/contracts';

/**
 * For each provider that discovers its models (ProviderEntity.discoverModels): the ids its server
 * listed last, as listedModelSet gives them; an empty set when it listed none or nothing is known.
 */
export type ListedModels = ReadonlyMap<string, ReadonlySet<string>>;

interface OfferedAgent {
  id: number;
  provider: string;
}

interface OfferedModel {
  agentId: number;
  name: string;
  apiModel: string;
  discovered: boolean;
}

/**
 * What the catalogue offers, from agents already limited to offered providers (isProviderOffered)
 * and their models in catalogue order. A discovering provider offers exactly the models its server
 * lists, the catalogue's in their order then the discovered ones by name, and only the agents that
 * still have one: a server that has gone offers nothing, so nobody is asked for a model it lacks.
 */
export function offerListedModels<A extends OfferedAgent, M extends OfferedModel>(
  agents: readonly A[],
  models: readonly M[],
  listed: ListedModels,
): { agents: A[]; models: M[] } {
  const providerOf = new Map(agents.map((agent) => [agent.id, agent.provider]));
  const kept = models.filter((model) => {
    const provider = providerOf.get(model.agentId);
    if (provider === undefined) return false;
    const ids = listed.get(provider);
    return ids === undefined || isListedModel(model, ids);
  });
  const withModels = new Set(kept.map((model) => model.agentId));
  return {
    agents: agents.filter((agent) => !listed.has(agent.provider) || withModels.has(agent.id)),
    models: discoveredLast(kept),
  };
}

/**
 * Within each agent, the catalogue's models keep their order and discovered ones follow by name;
 * every agent's models stay in the places they held, so a list without discovered models is unchanged.
 */
function discoveredLast<M extends OfferedModel>(models: readonly M[]): M[] {
  const slots = new Map<number, number[]>();
  models.forEach((model, index) => slots.set(model.agentId, [...(slots.get(model.agentId) ?? []), index]));
  const ordered = [...models];
  for (const indexes of slots.values()) {
    const group = indexes.map((index) => models[index]);
    const discovered = group
      .filter((model) => model.discovered)
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    const regrouped = [...group.filter((model) => !model.discovered), ...discovered];
    indexes.forEach((slot, position) => (ordered[slot] = regrouped[position]));
  }
  return ordered;
}
