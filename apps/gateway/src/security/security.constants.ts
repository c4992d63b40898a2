/** The 403 of a state-changing request from another site. */
export const FOREIGN_ORIGIN_MESSAGE = 'Request refused: it did not come from this site.';

/** Strict-Transport-Security max-age when PUBLIC_URL is https: one year. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
