/** Injection token of the HTTP client that reaches the billing service (BILLING_URL). */
export const BILLING_RPC_CLIENT = Symbol('BILLING_RPC_CLIENT');

/** The header Stripe signs its webhook deliveries with (Express lower-cases header names). */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Path of the demo checkout API under /api (DECISIONS 14); the web page is DEMO_CHECKOUT_PATH. */
export const DEMO_CHECKOUT_API_PATH = 'billing/demo';

/** The demo refund and dispute controls under /api (DECISIONS 27); routed before `billing/demo/:id`. */
export const DEMO_PURCHASES_API_PATH = 'billing/demo/purchases';

/** The webhook's own 400 when the body is not JSON (Stripe always sends application/json). */
export const WEBHOOK_BODY_MISSING_MESSAGE = 'Stripe webhook body must be a JSON document';
