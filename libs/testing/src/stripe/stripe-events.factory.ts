// Stripe webhook events for tests (twenty: create-mock-stripe-*-data.util.ts), signed with the SDK's
// own test-header helper, so billing verifies them exactly as it verifies Stripe's.

import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export interface StripeEventPayload {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The API version of the installed SDK: what a real endpoint pinned to it would receive. */
export const STRIPE_TEST_API_VERSION = Stripe.API_VERSION;

export function stripeEventId(): string {
  return `evt_test_${randomBytes(12).toString('hex')}`;
}

/** An event carrying a copy of `object` (as Stripe snapshots it at the time of the event). */
export function createStripeEvent(
  type: string,
  object: object,
  overrides: Partial<Pick<StripeEventPayload, 'id' | 'created'>> = {},
): StripeEventPayload {
  return {
    id: overrides.id ?? stripeEventId(),
    object: 'event',
    api_version: STRIPE_TEST_API_VERSION,
    created: overrides.created ?? Math.floor(Date.now() / 1000),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface WebhookDelivery {
  /** The body as Stripe sends it. */
  body: string;
  /** The Stripe-Signature header. */
  signature: string;
}

const signer = new Stripe('sk_test_signer', { telemetry: false });

/** Serialises and signs an event as Stripe would deliver it. `timestamp` in seconds (default now). */
export function signStripeEvent(
  event: StripeEventPayload | object,
  secret: string,
  { timestamp }: { timestamp?: number } = {},
): WebhookDelivery {
  return signStripePayload(JSON.stringify(event, null, 2), secret, { timestamp });
}

/**
 * Signs a body that is already serialised, byte for byte as given: for tests that need a particular
 * layout (whitespace, key order) to prove nobody re-serialises the body before verifying it.
 */
export function signStripePayload(
  body: string,
  secret: string,
  { timestamp }: { timestamp?: number } = {},
): WebhookDelivery {
  const signature = signer.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { body, signature };
}
