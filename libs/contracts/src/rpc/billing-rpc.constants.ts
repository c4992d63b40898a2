// Calls of the billing service's internal RPC. The gateway is the only caller: it authenticates the
// user and passes `userId`; billing trusts it and never sees a session. Each call is an HTTP POST of
// its request (a class of billing-rpc.requests.ts, validated by billing) to `billingRpcPath(call)` on
// billing's own port, through the Kubernetes Service, so each request reaches exactly one replica.
// Replies are the types of billing-rpc.replies.ts (billing-rpc.calls.ts pairs them), failures the
// error bodies of billing-rpc.errors.ts. The caller proves itself with BILLING_RPC_SECRET as a
// bearer token. Never rename a call once shipped: old and new replicas must keep talking.
//
// Handlers stay idempotent (ledger keys, row locks, Stripe idempotency keys derived from
// `requestId`), so the gateway may retry a call whose connection failed without doubling anything.

export const BILLING_RPC = {
  health: 'billing.health',
  /** GET /api/subscription → BillingSubscriptionReply. */
  subscriptionGet: 'billing.subscription.get',
  /** POST /api/get-or-create-subscription → BillingSubscribeReply. */
  subscriptionGetOrCreate: 'billing.subscription.getOrCreate',
  /** POST /api/create-customer-portal-session → BillingPortalReply. */
  portalCreate: 'billing.portal.create',
  /** POST /api/top-up-tokens → BillingTopUpReply. */
  topUpCreate: 'billing.topup.create',
  /** POST /api/stripe/webhook (raw body + Stripe-Signature header) → BillingWebhookReply. */
  webhookReceive: 'billing.webhook.receive',
  /** Before a question is queued → BillingReserveReply (402 INSUFFICIENT_TOKENS / NO_FREE_QUERIES). */
  reserve: 'billing.reserve',
  /** Give back what a question did not use (e.g. it could not be queued) → BillingReleaseReply. */
  release: 'billing.release',
  /** A running question's call needs more than its hold (DECISIONS 26) → BillingHoldReply. */
  holdTopUp: 'billing.hold.topUp',
  /** A debate waits for the asker's note: keep only the next round's hold → BillingHoldReply. */
  holdTrim: 'billing.hold.trim',
  /** The demo checkout page (DECISIONS 14) → BillingDemoSessionReply. */
  demoGet: 'billing.demo.get',
  /** The demo page's confirm button → BillingDemoConfirmReply. */
  demoConfirm: 'billing.demo.confirm',
  /** GET /api/billing/demo/purchases (DECISIONS 27) → BillingDemoPurchasesReply. */
  demoPurchases: 'billing.demo.purchases',
  /** POST /api/billing/demo/purchases/:id/refund → BillingDemoPurchaseReply. */
  demoRefund: 'billing.demo.refund',
  /** POST /api/billing/demo/purchases/:id/dispute → BillingDemoPurchaseReply. */
  demoDispute: 'billing.demo.dispute',
} as const;

export type BillingRpcPattern = (typeof BILLING_RPC)[keyof typeof BILLING_RPC];

/** Billing serves every call at `POST /rpc/<pattern>`, e.g. `/rpc/billing.reserve`. */
export const BILLING_RPC_PATH_PREFIX = '/rpc';

export function billingRpcPath(pattern: BillingRpcPattern): string {
  return `${BILLING_RPC_PATH_PREFIX}/${pattern}`;
}

/**
 * Billing's body limit: the gateway forwards Stripe webhook bodies of up to the public
 * REQUEST_BODY_LIMIT_BYTES (1 MiB), base64 (4/3 larger), inside the JSON request.
 */
export const BILLING_RPC_BODY_LIMIT_BYTES = 2 * 1_048_576;

export type BillingMode = 'stripe' | 'demo';

export interface BillingHealthReply {
  status: 'ok';
  mode: BillingMode;
}

/**
 * Where checkout, portal and demo pages send the browser back: PUBLIC_URL + this path, with
 * `?checkout=success|cancelled&kind=topup|subscription|upgrade|portal`.
 */
export const BILLING_RETURN_PATH = '/subscription';
export const CHECKOUT_RESULT_PARAM = 'checkout';
export const CHECKOUT_KIND_PARAM = 'kind';
export const CHECKOUT_RESULTS = ['success', 'cancelled'] as const;
export type CheckoutResult = (typeof CHECKOUT_RESULTS)[number];

/**
 * What the billing portal is opened for (DECISIONS 21): Manage Payment Method manages the card and
 * never cancels; Cancel Subscription cancels at the end of the paid period, as Stripe's portal does
 * (its `payment_method_update` and `subscription_cancel` flows). `resume` takes back a cancellation
 * before the period ends: with Stripe, billing sets `cancel_at_period_end: false` itself (the portal
 * has no deep link for it) and answers the return address; in demo mode the demo portal asks first.
 */
export const PORTAL_FLOWS = ['payment_method', 'cancel', 'resume'] as const;
export type PortalFlow = (typeof PORTAL_FLOWS)[number];

/**
 * What the demo page's buttons ask of a demo session (DECISIONS 14, 21): `confirm` does what the
 * real checkout or portal would; `end-period-now` is the demo billing portal's clearly labelled
 * control that ends the paid period at once, as the passing of time would.
 */
export const DEMO_ACTIONS = ['confirm', 'end-period-now'] as const;
export type DemoAction = (typeof DEMO_ACTIONS)[number];

/** What a checkout (real or demo) was for. */
export const CHECKOUT_KINDS = ['topup', 'subscription', 'upgrade', 'portal'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

/**
 * Public path of the demo checkout page the gateway serves (or hands to the web app), followed by
 * the session id: `${PUBLIC_URL}/demo-checkout/<id>`. It shows billing.demo.get and posts
 * billing.demo.confirm.
 */
export const DEMO_CHECKOUT_PATH = '/demo-checkout';

/** Demo session ids: unguessable, URL-safe. */
export const DEMO_SESSION_ID_PATTERN = /^cs_demo_[A-Za-z0-9_-]{16,64}$/;

/** Demo purchase ids: the demo charge of a confirmed token pack (ch_demo_…, DECISIONS 27). */
export const DEMO_PURCHASE_ID_PATTERN = /^ch_demo_[A-Za-z0-9_-]{16,64}$/;

/**
 * How the demo dispute control closes a dispute (DECISIONS 27): `won` restores the frozen tokens,
 * `lost` takes them back as a refund would. Without an outcome the control opens a dispute.
 */
export const DEMO_DISPUTE_OUTCOMES = ['won', 'lost'] as const;
export type DemoDisputeOutcome = (typeof DEMO_DISPUTE_OUTCOMES)[number];

/** Where a demo purchase's dispute stands. */
export type DemoDisputeStatus = 'open' | DemoDisputeOutcome;

/** The largest partial refund the demo control accepts, in pence (more than any pack costs). */
export const DEMO_REFUND_MAX_PENCE = 1_000_000;

/** `requestId`: one per user action (the gateway's request id); replicas and retries share it. */
export const BILLING_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The largest reservation one question may ask for. */
export const MAX_RESERVATION_TOKENS = 10_000_000;
