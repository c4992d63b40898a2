import { MODEL_DISCOVERY, listedModelId } from '@council/contracts';

/** A model of the provider's active agents, as the plan reads it. */
export interface ProviderModelRow {
  id: number;
  name: string;
  apiModel: string;
  discovered: boolean;
  isActive: boolean;
}

export interface ModelDiscoveryPlan {
  /** What the server lists, cleaned: published for the gateway, which offers the rows matching it. */
  listed: string[];
  /** Listed ids no active model matches: written as discovered rows under the provider's first agent. */
  add: string[];
  /** Active discovered rows the catalogue now describes in another row: retired, so it is offered once. */
  retire: number[];
}

/**
 * The server's ids as they can be stored and offered: strings, trimmed, non-empty, without control
 * characters (PostgreSQL refuses NUL), short enough for a model name, each once, at most
 * MODEL_DISCOVERY.maxModels in the server's order. Anything else is skipped, so one odd entry
 * never hides the rest of the list.
 */
export function cleanListedIds(ids: readonly unknown[]): string[] {
  const kept = new Set<string>();
  for (const raw of ids) {
    if (typeof raw !== 'string') continue;
    const id = raw.trim();
    // eslint-disable-next-line no-control-regex -- control characters are what is refused here
    if (id && id.length <= MODEL_DISCOVERY.idMaxLength && !/[\u0000-\u001f\u007f]/.test(id)) kept.add(id);
    if (kept.size >= MODEL_DISCOVERY.maxModels) break;
  }
  return [...kept];
}

/**
 * What one listing changes in the catalogue. A listed id that a model of the catalogue matches (by
 * apiModel or name, isListedModel's rule) keeps that model and its facts; any other becomes a
 * discovered model, unless one is already there. Nothing is retired for leaving the list: the
 * gateway offers only listed models, and a model that comes back keeps its id.
 */
export function planModelDiscovery(
  serverIds: readonly string[],
  rows: readonly ProviderModelRow[],
): ModelDiscoveryPlan {
  const listed = cleanListedIds(serverIds);
  const active = rows.filter((row) => row.isActive);
  const known = new Set(
    active
      .filter((row) => !row.discovered)
      .flatMap((row) => [listedModelId(row.apiModel), listedModelId(row.name)]),
  );
  const present = new Set([
    ...known,
    ...active.filter((row) => row.discovered).map((row) => listedModelId(row.apiModel)),
  ]);
  const add: string[] = [];
  for (const id of listed) {
    const key = listedModelId(id);
    if (present.has(key)) continue;
    present.add(key);
    add.push(id);
  }
  const retire = active
    .filter((row) => row.discovered && known.has(listedModelId(row.apiModel)))
    .map((row) => row.id);
  return { listed, add, retire };
}
