// GET /api/agents, /api/models, /api/roles. Ids are positive integers; lists come in catalogue order, and
// the first agent of each provider with its first model is the default council (spec §4).

import { type Provider } from '../domain/domain.constants';

export interface AgentResponse {
  id: number;
  name: string;
  provider: Provider;
  /** The provider's name from the catalogue, e.g. "Google Gemini". */
  providerName?: string;
  description: string | null;
  logoUrl: string | null;
  /**
   * True when this provider's answers come from the offline demo adapter (no API key configured),
   * so the UI labels them "demo" (DECISIONS 15).
   */
  demo?: boolean;
}

/** What the catalogue says about a model, shown in its card's information (DECISIONS 19). */
export interface ModelFacts {
  /** When the model came out, e.g. "May 2024". */
  releaseDate: string;
  architecture: string;
  strengths: string;
  trainingApproach: string;
}

export interface ModelResponse {
  id: number;
  agentId: number;
  name: string;
  version: string | null;
  description: string | null;
  capabilities: string[];
  /** In tokens. */
  contextWindow: number | null;
  /** Null for a model the catalogue says nothing more about. */
  facts: ModelFacts | null;
  /**
   * How long the model's answer typically is, in output tokens (reasoning models' hidden reasoning
   * included): what the Ask screen's quote counts per call. GET /api/models always sends it
   * (TYPICAL_OUTPUT_TOKENS_DEFAULT when the catalogue gives none); a question's members leave it out.
   */
  typicalOutputTokens?: number;
}

export interface RoleResponse {
  id: number;
  name: string;
  description: string | null;
  /** Displayed as ROLE_CATEGORY_FALLBACK when null. */
  category: string | null;
  /** Kept on the server by default: it is how members are steered. */
  prompt?: string;
}

/** Spec §3: a role without a category is shown under "Other". */
export const ROLE_CATEGORY_FALLBACK = 'Other';

export function roleCategory(role: Pick<RoleResponse, 'category'>): string {
  return role.category?.trim() ? role.category : ROLE_CATEGORY_FALLBACK;
}
