/** Injection token of the ClientProxy that reaches the billing service over the Redis transport. */
export const BILLING_RPC_CLIENT = Symbol('BILLING_RPC_CLIENT');

/**
 * The RPC client reconnects to Redis after this pause, forever: Nest's ClientRedis only routes
 * replies on the connection it first subscribed with, so it must reconnect in place rather than give
 * up and build new connections.
 */
export const BILLING_RPC_RECONNECT_DELAY_MS = 2000;

/** The header Stripe signs its webhook deliveries with (Express lower-cases header names). */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Path of the demo checkout API under /api (DECISIONS 14); the web page is DEMO_CHECKOUT_PATH. */
export const DEMO_CHECKOUT_API_PATH = 'billing/demo';

/** The webhook's own 400 when the body is not JSON (Stripe always sends application/json). */
export const WEBHOOK_BODY_MISSING_MESSAGE = 'Stripe webhook body must be a JSON document';
