import { type RateLimitRule } from '../rate-limit/rate-limit.service';

/** Ours: enough for a real conversation with support, too few to turn the form into a mail cannon. */
export const CONTACT_RATE_LIMIT: RateLimitRule = {
  name: 'support-contact:ip',
  points: 5,
  durationSeconds: 60 * 60,
};

/** Prefixes the operator's subject line, so support mail is easy to filter. */
export const CONTACT_MAIL_SUBJECT_PREFIX = '[Council support]';
