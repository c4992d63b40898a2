// Pure helpers of the billing calls: request ids, return-URL and demo-id checks, the webhook payload
// and the mapping of RPC failures to HTTP error bodies.

import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  BILLING_RPC_BODY_LIMIT_BYTES,
  type BillingWebhookRequest,
  DEMO_PURCHASE_ID_PATTERN,
  DEMO_SESSION_ID_PATTERN,
  type ErrorBody,
  billingRpcErrorBody,
} from '@council/contracts';

/**
 * A fresh `requestId` for one user action (one HTTP request). Billing derives its Stripe idempotency
 * keys from it, so a call retried after a lost connection creates one checkout, while a second
 * click is a new checkout.
 */
export function newBillingRequestId(): string {
  return randomUUID();
}

/** True when `url` is an absolute address on PUBLIC_URL's origin: nothing may redirect elsewhere. */
export function isOwnUrl(url: string, publicUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.origin === new URL(publicUrl).origin;
}

/** Demo checkout ids are unguessable and URL-safe; anything else cannot name a demo session. */
export function isDemoSessionId(id: string): boolean {
  return DEMO_SESSION_ID_PATTERN.test(id);
}

/** A demo purchase id (ch_demo_…, DECISIONS 27). */
export function isDemoPurchaseId(id: string): boolean {
  return DEMO_PURCHASE_ID_PATTERN.test(id);
}

/**
 * billing.webhook.receive's payload: the body exactly as received, and the signature. Stripe sends
 * UTF-8 JSON, which goes as the text it is, for billing to verify and store as it arrives; any other
 * bytes go in base64, and so does a body whose JSON escaping (at most six characters a byte) could
 * outgrow billing's body limit.
 */
export function webhookRequest(rawBody: Buffer, signature: string): BillingWebhookRequest {
  const asText = rawBody.length <= BILLING_RPC_BODY_LIMIT_BYTES / 6 && isUtf8(rawBody);
  return asText
    ? { rawBody: rawBody.toString('utf8'), encoding: 'utf8', signature }
    : { rawBody: rawBody.toString('base64'), encoding: 'base64', signature };
}

/**
 * The HTTP answer for whatever a billing call failed with: billing's own `{ statusCode, code,
 * message }` unchanged, 503 SERVICE_UNAVAILABLE when billing did not answer (timeout, no replica,
 * connection refused), and 500 for a body whose status is not an HTTP error status.
 */
export function billingErrorBody(error: unknown): ErrorBody {
  const body = billingRpcErrorBody(error);
  if (Number.isInteger(body.statusCode) && body.statusCode >= 400 && body.statusCode <= 599) return body;
  return { statusCode: 500, code: 'INTERNAL', message: BILLING_MESSAGES.internal };
}

/** One line for the log about a failed call (never the payload: it may hold a webhook body). */
export function describeRpcFailure(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
