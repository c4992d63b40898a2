// Errors of the billing RPC. Billing answers every failure with the HTTP status and body its global
// filter gives any error, an ErrorBody `{ statusCode, code, message }`. The gateway answers the
// user's request with that status and body unchanged (its own filter speaks ErrorBody too), e.g.:
//
//   402 INSUFFICIENT_TOKENS / NO_FREE_QUERIES   billing.reserve: empty balance / no free queries left
//   400 VALIDATION_FAILED  bad payload (unknown pack, tier, foreign returnUrl), portal without a
//                          Stripe customer, missing / bad / stale webhook signature
//   404 NOT_FOUND          unknown user, question or demo session (or someone else's)
//   403 FORBIDDEN          the question belongs to another user
//   503 SERVICE_UNAVAILABLE Stripe unreachable or not set up (prices missing)
//   500 INTERNAL           anything else (logged by billing, never detailed)
//
// No answer (billing down, timeout, a connection refused) and anything that is not billing's own
// error body is the gateway's 503; so is billing's 401, which means the gateway's
// BILLING_RPC_SECRET is wrong: a user must never be told to sign in for it.

import { type ErrorBody, isErrorBody } from '../errors/errors.body';

export type BillingRpcError = ErrorBody;

/** Billing's own texts; the spec's (insufficient tokens, free queries) are in SERVER_MESSAGES. */
export const BILLING_MESSAGES = {
  noBillingAccount: 'You have no billing account yet. Subscribe or buy tokens first.',
  returnUrlForeign: 'Return URL must be on this site',
  webhookSignatureMissing: 'Missing Stripe-Signature header',
  webhookSignatureInvalid: 'Invalid Stripe webhook signature',
  webhooksDisabled: 'Stripe webhooks are not configured (billing runs in demo mode)',
  demoSessionNotFound: 'Unknown or expired demo checkout',
  demoOnly: 'Demo checkout is only available in demo mode',
  demoActionUnavailable: 'This demo checkout cannot do that',
  /** 404: a demo purchase that is not the account's (DECISIONS 27). */
  demoPurchaseNotFound: 'Unknown demo purchase',
  /** 409 CONFLICT: the demo refund control on a purchase under (or lost in) a dispute, as at Stripe. */
  demoPurchaseDisputed: 'A disputed purchase cannot be refunded',
  /** 409 CONFLICT: the demo dispute control on a purchase refunded in full. */
  demoPurchaseRefunded: 'A fully refunded purchase cannot be disputed',
  /** 409 CONFLICT: closing a dispute that was never opened. */
  demoNoDispute: 'This purchase has no dispute to close',
  /** 409 CONFLICT: closing a dispute that already closed the other way. */
  demoDisputeClosed: 'This dispute is already closed',
  /** 409 CONFLICT: a checkout while a subscription is live (DECISIONS 27). */
  subscriptionAlreadyLive:
    'You already have a live subscription. Manage it on the subscription page instead of starting another.',
  /** 400: resuming a plan that is not cancelling. */
  nothingToResume: 'Your plan is not cancelled, so there is nothing to resume.',
  accountNotFound: 'Account not found',
  questionNotFound: 'Question not found',
  paymentProviderUnavailable: 'The payment provider is unavailable. Please try again.',
  pricesNotSetUp:
    'Plan prices are not set up in Stripe: run `npm run stripe:setup` or set STRIPE_PRICE_PREMIUM/MAX',
  billingUnavailable: 'Billing is unavailable. Please try again.',
  internal: 'Internal server error',
} as const;

const UNAVAILABLE: BillingRpcError = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: BILLING_MESSAGES.billingUnavailable,
};

/** The error body for whatever a call failed with: billing's own body, or 503 for anything else. */
export function billingRpcErrorBody(error: unknown): BillingRpcError {
  if (isErrorBody(error)) return error;
  return { ...UNAVAILABLE };
}

/**
 * The error body for billing's HTTP answer `status` with the parsed `body`: billing's own body when
 * it is one and agrees with the status, else 503 (a proxy's page, a misrouted request, a wrong
 * BILLING_RPC_SECRET).
 */
export function billingRpcReplyError(status: number, body: unknown): BillingRpcError {
  if (status === 401 || !isErrorBody(body) || body.statusCode !== status) return { ...UNAVAILABLE };
  return body;
}
