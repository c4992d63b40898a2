// Errors of the billing RPC. Billing answers every failure with an RpcException whose error is an
// ErrorBody `{ statusCode, code, message }`; Nest delivers that object as the error of the
// gateway's `client.send(...)` observable. The gateway answers the HTTP request with
// `statusCode` and the body unchanged (its global filter already speaks ErrorBody), e.g.:
//
//   402 INSUFFICIENT_TOKENS / NO_FREE_QUERIES   billing.reserve: empty balance / no free queries left
//   400 VALIDATION_FAILED  bad payload (unknown pack, tier, foreign returnUrl), portal without a
//                          Stripe customer, missing / bad / stale webhook signature
//   404 NOT_FOUND          unknown user, question or demo session (or someone else's)
//   403 FORBIDDEN          the question belongs to another user
//   503 SERVICE_UNAVAILABLE Stripe unreachable or not set up (prices missing)
//   500 INTERNAL           anything else (logged by billing, never detailed)
//
// A reply that never comes (billing down: the client times out) is the gateway's 503.

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
  accountNotFound: 'Account not found',
  questionNotFound: 'Question not found',
  paymentProviderUnavailable: 'The payment provider is unavailable. Please try again.',
  pricesNotSetUp:
    'Plan prices are not set up in Stripe: run `npm run stripe:setup` or set STRIPE_PRICE_PREMIUM/MAX',
  billingUnavailable: 'Billing is unavailable. Please try again.',
  internal: 'Internal server error',
} as const;

/**
 * The error body for whatever `client.send(...)` failed with: billing's own body, or a 503 when
 * billing did not answer properly (timeout, no replica, Nest's generic RPC error).
 */
export function billingRpcErrorBody(error: unknown): BillingRpcError {
  if (isErrorBody(error)) return error;
  return { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: BILLING_MESSAGES.billingUnavailable };
}
