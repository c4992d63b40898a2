// Error messages the servers send where the client's §8 rules match on *text*, not on the error
// code: changing one silently changes which toast a user sees. Tests pin each to its rule.

export const SERVER_MESSAGES = {
  /** Login failure: matched by "Invalid username or password". */
  invalidCredentials: 'Invalid username or password',
  /** Registration conflict on the username: matched by "already exists" (and not by "email"). */
  usernameTaken: 'Username already exists',
  /** Registration conflict on the e-mail: matched by "email" + "exists". */
  emailTaken: 'An account with this email already exists',
  /** Registration input rejected: matched by "invalid". */
  invalidRegistration: 'Registration details are invalid',
  /** Reset with a wrong, used or expired token; also the client's fallback text (§8). */
  invalidResetToken: 'Invalid or expired token',
  /** Sent for any forgot-password request, so it never reveals whether an address has an account. */
  resetEmailSent: "If your email exists in our system, you'll receive instructions to reset your password.",
  noFreeQueries: 'You have used all your free queries. Upgrade your plan to keep asking.',
  insufficientTokens: 'Not enough tokens for this question. Buy more tokens or upgrade your plan.',
  /** "Stop at N tokens" above the balance (TOKEN_CAP): the cap is held in full or not at all. */
  tokenCapAboveBalance: 'Your limit is more than the tokens you have left. Lower it, or buy more tokens.',
  questionNotFound: 'Question not found',
  sharedQuestionNotFound: 'Shared question not found',
  /** A note or Continue arrived when the debate was not waiting (it had moved on, or never paused). */
  debateNotPaused: 'The debate is not waiting for a note any more',
  authRequired: 'Authentication required',
} as const;

/** A 503 while the database or Redis cannot be reached: nothing was done, so trying again is safe. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again shortly.';
