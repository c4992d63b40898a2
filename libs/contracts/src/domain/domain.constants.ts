// Core vocabulary shared by every app and the web client. Values are stored in the database:
// never rename one once shipped.

/** The providers built into Council; the default council seats the first agent of each (spec §4). */
export const PROVIDERS = ['openai', 'anthropic', 'xai'] as const;
export type BuiltInProvider = (typeof PROVIDERS)[number];

/**
 * A provider's id from the catalogue: a built-in one, or one an operator adds (an OpenAI-compatible
 * API such as Gemini's, Mistral's, a hosted Llama or a local server). Lower case, digits and dashes:
 * it is stored, and names the provider's queue (providerQueueName).
 */
export type Provider = string;

export const PROVIDER_ID_PATTERN = /^[a-z][a-z0-9-]{0,30}[a-z0-9]$/;
export const PROVIDER_ID_MAX_LENGTH = 32;

export function isProviderId(value: unknown): value is Provider {
  return typeof value === 'string' && PROVIDER_ID_PATTERN.test(value) && value !== CONSENSUS_PROVIDER;
}

export function isBuiltInProvider(value: unknown): value is BuiltInProvider {
  return (PROVIDERS as readonly unknown[]).includes(value);
}

/**
 * How Council talks to a provider: the built-in adapters, or the OpenAI chat-completions format at
 * a configured base URL.
 */
export const PROVIDER_KINDS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** A response row is written either by a provider's member or by the consensus synthesis. */
export const CONSENSUS_PROVIDER = 'consensus' as const;

export type ResponseProvider = Provider | typeof CONSENSUS_PROVIDER;

export const SUBSCRIPTION_TIERS = ['free', 'premium', 'max', 'enterprise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const AUTH_PROVIDERS = ['local', 'google', 'apple'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/** Kinds of append-only token ledger entries (ARCHITECTURE.md, "Money and tokens"). */
export const LEDGER_ENTRY_KINDS = [
  'grant',
  'purchase',
  'reservation',
  'settlement',
  'release',
  'adjustment',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const SUBSCRIPTION_STATUSES = [
  'none',
  'incomplete',
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Lifecycle of a question's BullMQ flow. The API exposes it so the client knows when to stop listening. */
export const QUESTION_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** A response row exists from the moment its job starts, so a reconnecting client can see it stream. */
export const RESPONSE_STATUSES = ['pending', 'streaming', 'completed', 'failed'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
