import { CONSENSUS_PROVIDER, PROVIDERS } from '@council/contracts';

/**
 * Values of the response_provider enum: a provider's member, or the consensus synthesis.
 * Stored values: never rename one once shipped.
 */
export const RESPONSE_PROVIDERS = [...PROVIDERS, CONSENSUS_PROVIDER] as const;
