// Domain error codes carried in every error body (docs/api.md). The web branches on these, never on
// message text. Clients switch on the values: never rename one once shipped.

export const ERROR_CODES = {
  /** A request DTO failed validation. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** The body is not JSON. */
  MALFORMED_JSON: 'MALFORMED_JSON',
  /** The body exceeds REQUEST_BODY_LIMIT_BYTES. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The body is not application/json (or its charset or Content-Encoding is not one we read). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  NOT_FOUND: 'NOT_FOUND',
  /** No session, or wrong credentials. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** Signed in, but not the owner, or the tier does not allow it (e.g. too many agents). */
  FORBIDDEN: 'FORBIDDEN',
  /** Username or e-mail taken, or a state clash. */
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The balance cannot cover the question's reservation. */
  INSUFFICIENT_TOKENS: 'INSUFFICIENT_TOKENS',
  /** A free user has used the FREE_QUERIES_TOTAL queries. */
  NO_FREE_QUERIES: 'NO_FREE_QUERIES',
  /**
   * No member of the council has a model configured and the question is not one of the examples:
   * nobody could answer it, so nothing is written (docs/decisions.md, "22. A card that is not an answer").
   */
  NO_MODEL_CONFIGURED: 'NO_MODEL_CONFIGURED',
  /** Debate or reasoning on a tier without them. */
  PREMIUM_FEATURE: 'PREMIUM_FEATURE',
  /** A dependency (billing, payment provider) is down. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ALL_ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ALL_ERROR_CODES as readonly string[]).includes(value);
}
