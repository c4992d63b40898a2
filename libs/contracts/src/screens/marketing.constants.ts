// Facts the marketing and legal pages state (spec §1). Copy that the spec does not fix lives with the
// pages in apps/web.

/** Terms, privacy and cookie pages all carry this date (spec §1). */
export const LEGAL_LAST_UPDATED = '24 April 2025';

/** The privacy text says the service is not for children under this age (spec §1). */
export const MINIMUM_USER_AGE = 13;

/** Models the marketing pages present as "coming soon" (spec §1). */
export const COMING_SOON_MODELS = ['Llama', 'Gemini', 'Mistral'] as const;
export type ComingSoonModel = (typeof COMING_SOON_MODELS)[number];
