// Core vocabulary shared by every app and the web client. Values are stored in the database:
// never rename one once shipped.

export const PROVIDERS = ['openai', 'anthropic', 'xai'] as const;
export type Provider = (typeof PROVIDERS)[number];

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
