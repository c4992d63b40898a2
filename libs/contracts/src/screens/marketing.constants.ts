// Facts the marketing and legal pages state (spec §1). Copy that the spec does not fix lives with the
// pages in apps/web.
import { type Provider } from '../domain/domain.constants';

/** Terms, privacy and cookie pages all carry this date (spec §1). */
export const LEGAL_LAST_UPDATED = '24 April 2025';

/** The privacy text says the service is not for children under this age (spec §1). */
export const MINIMUM_USER_AGE = 13;

/** Models the marketing pages present as "coming soon" (spec §1). */
export const COMING_SOON_MODELS = ['Llama', 'Gemini', 'Mistral'] as const;
export type ComingSoonModel = (typeof COMING_SOON_MODELS)[number];

/**
 * The catalogue providers that serve each of those models. GET /api/agents lists an added provider's
 * agents only while the server has it configured, so one such agent makes the model available;
 * a local server counts for Llama, the open-weight model it usually runs.
 */
export const COMING_SOON_MODEL_PROVIDERS: Readonly<Record<ComingSoonModel, readonly Provider[]>> = {
  Llama: ['llama', 'local'],
  Gemini: ['gemini'],
  Mistral: ['mistral'],
};

/**
 * How the marketing pages mark each of those models. Until the catalogue answers, every one is
 * "Coming soon", as the spec has it.
 */
export const MODEL_AVAILABILITY_TEXTS = {
  comingSoon: 'Coming soon',
  available: 'Available',
  availableNote: 'Available now: seat it on your council when you choose its members.',
  sectionComingSoon: 'Coming soon',
  sectionSomeAvailable: 'More models',
  introComingSoon:
    'More voices are joining the table. These models will be available to every council once they are ready.',
  introSomeAvailable:
    'More voices are joining the table. Those marked available can be seated on a council today; the others follow once they are ready.',
} as const;
