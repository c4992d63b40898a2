import { type ModelFacts, type Provider, type ProviderKind } from '@council/contracts';

/** The catalogue data file after validation: what the seed writes to providers, agents, models and roles. */
export interface Catalogue {
  /** The built-in three first, then the file's own, in file order. */
  providers: CatalogueProvider[];
  /** In file order: the first agent of each provider, with its first model, is a default member. */
  agents: CatalogueAgent[];
  roles: CatalogueRole[];
}

/** Where a provider's answers come from; its URL and key are read from the named variables. */
export interface CatalogueProvider {
  key: Provider;
  name: string;
  kind: ProviderKind;
  avatarUrl: string | null;
  baseUrlEnv: string | null;
  apiKeyEnv: string | null;
  defaultBaseUrl: string | null;
  /** Offer the models its server lists (GET /v1/models) instead of only the file's. */
  discoverModels: boolean;
}

export interface CatalogueAgent {
  name: string;
  provider: Provider;
  description: string;
  logoUrl: string | null;
  models: CatalogueModel[];
}

export interface CatalogueModel {
  /** Shown in the UI; unique within its agent. */
  name: string;
  /** Sent to the provider's API; defaults to `name` in the file. */
  apiModel: string;
  version: string;
  description: string;
  capabilities: string[];
  contextWindow: number;
  facts: ModelFacts;
  /** Output tokens of a typical answer; TYPICAL_OUTPUT_TOKENS_DEFAULT when the file gives none. */
  typicalOutputTokens: number;
}

export interface CatalogueRole {
  name: string;
  description: string;
  /** Null is displayed as "Other". */
  category: string | null;
  /** The system prompt for a member that takes this role. */
  prompt: string;
}
