// Model discovery (docs/operations.md, "Adding a provider"): an OpenAI-compatible provider whose
// catalogue entry sets `discoverModels` offers exactly the models its server lists (GET /v1/models).
// The provider worker lists them and publishes the ids; the gateway offers the catalogue's rows
// that match them. Both sides match ids with the rule below.

export const MODEL_DISCOVERY = {
  /** How often a provider worker lists a discovering provider's models (MODEL_DISCOVERY_INTERVAL_MS). */
  refreshMs: 60_000,
  /** A listing that takes longer counts as failed: the server is treated as gone until the next one. */
  listTimeoutMs: 10_000,
  /** Ids taken from one listing, in the server's order; a server listing more offers only these. */
  maxModels: 100,
  /** The longest id stored: models.name and models.apiModel are varchar(100). */
  idMaxLength: 100,
} as const;

/**
 * How long a published list lives: a bit longer than two refreshes, so one slow refresh does not
 * hide the models, while the list of a worker that died lapses and its models stop being offered.
 */
export function listedModelsTtlMs(refreshMs: number): number {
  return Math.round(refreshMs * 2.5);
}

/** Redis key (under REDIS_PREFIX) holding one provider's listed model ids, as a JSON array. */
export function listedModelsKey(prefix: string, provider: string): string {
  return `${prefix}:llm:models:${provider}`;
}

/** The ids a published value holds; anything unreadable (or absent) holds none. */
export function readListedModels(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** What a model discovered from its server says about itself: nothing, and it says so. */
export const DISCOVERED_MODEL_TEXTS = {
  description: 'Listed by your server; no catalogue facts.',
} as const;

// Ollama lists a model pulled without a tag (`ollama pull qwen2.5`) as "qwen2.5:latest" and answers
// to both names, so the catalogue's "llama3.2" is the listed "llama3.2:latest".
const DEFAULT_TAG = ':latest';

/** The id a listed model is matched by: trimmed, without Ollama's default tag. */
export function listedModelId(id: string): string {
  const trimmed = id.trim();
  return trimmed.endsWith(DEFAULT_TAG) ? trimmed.slice(0, -DEFAULT_TAG.length) : trimmed;
}

/** Listed ids ready for isListedModel. */
export function listedModelSet(ids: Iterable<string>): ReadonlySet<string> {
  return new Set([...ids].map(listedModelId));
}

/** Whether a catalogue model is one the server listed: its apiModel or its name is a listed id. */
export function isListedModel(
  model: { name: string; apiModel: string },
  listed: ReadonlySet<string>,
): boolean {
  return listed.has(listedModelId(model.apiModel)) || listed.has(listedModelId(model.name));
}
