// Limits, delays and defaults of spec §5 and §9. Client and server both read them from here, so the
// server enforces exactly what the client checks (DECISIONS 10). Values marked "ours" are not in the
// spec; everything else is copied from it and pinned by limits.constants.spec.ts.
//
// Toast, tooltip, anchor-scroll and route-guard timings live in screens/ui-timing.constants.ts.

import { type SubscriptionTier } from '../domain/domain.constants';

// ---------------------------------------------------------------------------------------------
// Free trial and new accounts
// ---------------------------------------------------------------------------------------------

/** Free queries per account, in total rather than per month (DECISIONS 5). */
export const FREE_QUERIES_TOTAL = 5;

/** The trial banner turns into a "Running low" warning below this many queries left. */
export const TRIAL_LOW_WARNING_BELOW = 2;

export interface NewUserDefaults {
  readonly queriesLeft: number;
  readonly tokensLeft: number;
  readonly purchasedTokens: number;
  readonly monthlyTokens: number;
  readonly subscriptionTier: SubscriptionTier;
}

export const NEW_USER_DEFAULTS: NewUserDefaults = {
  queriesLeft: FREE_QUERIES_TOTAL,
  tokensLeft: 10_000,
  purchasedTokens: 0,
  monthlyTokens: 0,
  subscriptionTier: 'free',
};

/** A balance under this share of the tier's allowance is flagged low. */
export const LOW_BALANCE_RATIO = 0.1;

// ---------------------------------------------------------------------------------------------
// Council
// ---------------------------------------------------------------------------------------------

/** No council has fewer members, on any tier. */
export const AGENTS_MIN = 3;

/** The largest council any tier allows (max and enterprise); per-tier limits are in PLANS. */
export const AGENTS_MAX = 10;

/** Ours: the question text's upper bound, so a single request cannot exhaust a provider's context. */
export const QUESTION_MAX_LENGTH = 8000;

/** Ours: debate rounds after the first answers before the leader writes the consensus. */
export const DEBATE_MAX_ROUNDS = 2;

/** Ours: the longest answer one provider call may write on a paid tier (its max output tokens). */
export const ANSWER_MAX_OUTPUT_TOKENS = 2048;

/**
 * Ours: the longest answer one provider call may write on the free tier. Three short answers plus
 * their prompts come to about 2,000 tokens, a fifth of the free allowance, which matches its five
 * free queries; so a question reserves a fifth, not most, of what a free account holds.
 */
export const FREE_ANSWER_MAX_OUTPUT_TOKENS = 600;

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

export const USERNAME_MIN_LENGTH = 3;
/** Ours: keeps usernames displayable in the user menu. */
export const USERNAME_MAX_LENGTH = 50;

/** Register, login and reset password: one rule (docs/spec.md). */
export const PASSWORD_MIN_LENGTH = 6;
/** Reset password; ours also for register and login, so no password is ever accepted that reset would refuse. */
export const PASSWORD_MAX_LENGTH = 100;

/** Ours: the longest address RFC 5321 allows. */
export const EMAIL_MAX_LENGTH = 254;
/** Ours. */
export const NAME_MAX_LENGTH = 100;

/** Ours: how long a password-reset link stays valid. */
export const RESET_TOKEN_TTL_MINUTES = 30;

/** After login or signup the client goes to / after this delay. */
export const REDIRECT_AFTER_LOGIN_MS = 500;
/** After a password reset the client goes to /auth after this delay. */
export const REDIRECT_AFTER_RESET_MS = 2000;

// ---------------------------------------------------------------------------------------------
// History and sharing
// ---------------------------------------------------------------------------------------------

/** Free users' questions older than this are deleted (DECISIONS 11). Paid tiers keep theirs. */
export const FREE_HISTORY_RETENTION_DAYS = 30;

/** Ours: questions per history page when the client does not ask for a size. */
export const HISTORY_PAGE_SIZE_DEFAULT = 20;
/** Ours: the largest history page one request may ask for. */
export const HISTORY_PAGE_SIZE_MAX = 100;
/** Ours: history search text; longer text adds nothing to a full-text query but work. */
export const HISTORY_SEARCH_MAX_LENGTH = 200;

/** The share dialog pre-fills the title with this many characters of the question. */
export const SHARE_TITLE_MAX = 100;
/** The share dialog pre-fills the description with this many characters of the question. */
export const SHARE_DESCRIPTION_MAX = 200;

/**
 * Ours: what a user may type. The spec's 100/200 only cut the *defaults*; a custom title may be
 * longer (the column holds 255), so the request limits are looser than the pre-fill lengths.
 */
export const SHARE_TITLE_INPUT_MAX = 200;
export const SHARE_DESCRIPTION_INPUT_MAX = 1000;

export const SHARE_EXPIRY_IDS = ['1d', '7d', '30d', 'never'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRY_IDS)[number];

export interface ShareExpiryOption {
  readonly id: ShareExpiry;
  readonly label: string;
  /** Null: the link lives until the owner revokes it or the question is deleted. */
  readonly days: number | null;
}

export const SHARE_EXPIRY_OPTIONS: readonly ShareExpiryOption[] = [
  { id: '1d', label: '1 day', days: 1 },
  { id: '7d', label: '7 days', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: 'never', label: 'Never', days: null },
];

/** The spec's links never expire, so that stays the default. */
export const DEFAULT_SHARE_EXPIRY: ShareExpiry = 'never';

// ---------------------------------------------------------------------------------------------
// Contact form (DECISIONS 7; the lengths are ours and match support_messages' columns)
// ---------------------------------------------------------------------------------------------

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

// ---------------------------------------------------------------------------------------------
// Stored content (spec §3 blog_posts)
// ---------------------------------------------------------------------------------------------

export const BLOG_TITLE_MAX = 255;
export const BLOG_SLUG_MAX = 255;
export const BLOG_CATEGORY_MAX = 100;
export const BLOG_AUTHOR_NAME_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Layout (spec §2, §9)
// ---------------------------------------------------------------------------------------------

export const QUESTION_BOX_MIN_HEIGHT_PX = 120;
/** A CSS length, because the spec gives it in rem. */
export const DEBATE_LOG_MAX_HEIGHT = '12rem';

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

/** Ours: 1 MiB. A question of QUESTION_MAX_LENGTH characters fits many times over. */
export const REQUEST_BODY_LIMIT_BYTES = 1_048_576;

/**
 * Ours: the deepest nesting of objects and arrays a request body (or socket payload) may have. Our
 * deepest DTO is two levels; anything far deeper is an attack on recursive code (validation,
 * transformation), so it is refused before any of it runs.
 */
export const REQUEST_BODY_MAX_DEPTH = 32;

/**
 * Ours: the most fields of one object, or items of one list, in a request body or socket payload.
 * Our widest DTO has a dozen fields and our longest list AGENTS_MAX items; the transformation in
 * front of validation slows with the square of an object's field count (a megabyte of fields held
 * the gateway for seconds), so wider input is refused before it runs.
 */
export const REQUEST_CONTAINER_MAX_ENTRIES = 256;

/** Ours: the most values (fields, items and the containers holding them) in one body or payload. */
export const REQUEST_BODY_MAX_VALUES = 10_000;

/** The only request body type of the JSON API; anything else is 415 (which also stops form-based CSRF). */
export const JSON_CONTENT_TYPE = 'application/json';

/** Largest value of PostgreSQL's integer, the type of every id column: bigger ids are refused, not looked up. */
export const ID_MAX = 2_147_483_647;

/** Largest part of a Redis stream entry id ("<ms>-<seq>", each an unsigned 64-bit integer). */
export const STREAM_ENTRY_ID_PART_MAX = 18_446_744_073_709_551_615n;

// ---------------------------------------------------------------------------------------------
// Socket.IO (ours)
// ---------------------------------------------------------------------------------------------

/** Events one socket may send per SOCKET_EVENT_WINDOW_MS; more are refused with RATE_LIMITED. */
export const SOCKET_EVENTS_PER_WINDOW = 30;
export const SOCKET_EVENT_WINDOW_MS = 10_000;
/** A socket that keeps sending after this many refused events in one window is disconnected. */
export const SOCKET_REFUSED_EVENTS_BEFORE_DISCONNECT = 30;
/**
 * A flooding socket's warning is logged at most once per this long: its refused events keep arriving
 * after the disconnect (already received), and each would otherwise log the same line.
 */
export const SOCKET_FLOOD_WARNING_WINDOW_MS = 60_000;
/** Questions one socket may follow at once (a user watches a handful; a flood watches thousands). */
export const SOCKET_SUBSCRIPTIONS_MAX = 20;
/** A Socket.IO socket id as the server makes them (base64url, 20 characters today). */
export const SOCKET_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * Frames a browser holds while its ask is being answered (the gateway may stream the question to
 * the asker's socket first); a question's first seconds fill a few dozen.
 */
export const ASKED_FRAMES_HELD_MAX = 1_000;
