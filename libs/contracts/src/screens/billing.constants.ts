// The billing screens: the token-purchase dialog (spec §4), the pricing and subscription screen
// (spec §2) and the demo checkout page (DECISIONS 14). Toast texts the spec quotes live in
// messages/payment.messages.ts; these are the rest, ours, in the spec's voice.

import { type SubscriptionStatus, type SubscriptionTier } from '../domain/domain.constants';
import { type MessageToast, type ToastText } from '../messages/messages.types';
import { PAYMENT_TOASTS } from '../messages/payment.messages';
import {
  CHECKOUT_KINDS,
  CHECKOUT_RESULTS,
  type CheckoutKind,
  type CheckoutResult,
  DEMO_CHECKOUT_PATH,
  type PortalFlow,
} from '../rpc/billing-rpc.constants';
import { PAGE_TITLES } from './page-titles.constants';

/** The gateway's billing calls (spec §7) and the demo checkout's two calls (DECISIONS 14). */
export const BILLING_API_PATHS = {
  subscription: '/api/subscription',
  subscribe: '/api/get-or-create-subscription',
  portal: '/api/create-customer-portal-session',
  topUp: '/api/top-up-tokens',
  demoSession: (id: string): string => `/api/billing/demo/${encodeURIComponent(id)}`,
  demoConfirm: (id: string): string => `/api/billing/demo/${encodeURIComponent(id)}/confirm`,
  /** The demo refund and dispute controls (DECISIONS 27). */
  demoPurchases: '/api/billing/demo/purchases',
  demoRefund: (id: string): string => `/api/billing/demo/purchases/${encodeURIComponent(id)}/refund`,
  demoDispute: (id: string): string => `/api/billing/demo/purchases/${encodeURIComponent(id)}/dispute`,
} as const;

/** The client route of the demo checkout page: `/demo-checkout/:id`. */
export const DEMO_CHECKOUT_ROUTE = `${DEMO_CHECKOUT_PATH}/:id`;

/** "Processing..." on every billing button while its call is in flight (spec §4). */
export const BILLING_PROCESSING_LABEL = 'Processing...';

/** The token-balance dialog's button that opens the purchase dialog (spec §2; hidden on free). */
export const BUY_MORE_TOKENS_LABEL = 'Buy More Tokens';

/** The token purchase dialog (spec §4, §5). */
export const TOKEN_PURCHASE_DIALOG = {
  title: 'Buy More Tokens',
  description: 'Pick a token pack. You finish paying on a secure checkout page.',
  packsLegend: 'Token packs',
  /** Purchased tokens are used after the monthly allowance (spec §9). */
  note: 'Purchased tokens never expire and are used after your monthly allowance.',
  submit: (price: string): string => `Buy for ${price}`,
  cancel: 'Cancel',
} as const;

/** Status words for the management card; the spec shows "Active" (spec §2). */
export const SUBSCRIPTION_STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  none: 'Inactive',
  incomplete: 'Incomplete',
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
};

/** The pricing and subscription screen (spec §2). */
export const PRICING_SCREEN = {
  /** Free users and guests. */
  heading: PAGE_TITLES.subscription,
  description:
    'Start free, upgrade when you need more. Plans are billed monthly in pounds and you can cancel at any time.',
  /** Premium and max users. */
  manageHeading: 'Manage Your Subscription',
  manageDescription: 'Your plan, your tokens and your billing in one place.',
  mostPopular: 'Most Popular',
  currentPlan: 'Current Plan',
  perMonth: '/month',
  tableCaption: 'Compare the Free, Premium and Max plans',
  cardsLabel: 'Plans',
  featureColumn: 'Feature',
  included: 'Included',
  notIncluded: 'Not included',
  rows: {
    queries: 'Questions',
    tokens: 'Tokens',
    extraTokens: 'Extra tokens',
    agents: 'Council members',
    changeAgents: 'Choose agents, models and roles',
    debate: 'Debate mode and consensus',
    reasoning: 'Reasoning explanations',
    history: 'History',
  },
  /** The Free column's query limit, as its card's first bullet says it. */
  queriesTotal: (queries: number): string => `${queries} free queries in total`,
  queriesUnlimited: 'Unlimited',
  tokensPerMonth: (tokens: string): string => `${tokens} per month`,
  tokensOnce: (tokens: string): string => `${tokens} to start`,
  fixedAgents: (count: number): string => `Fixed ${count} defaults`,
  upToAgents: (count: number): string => `Up to ${count}`,
  historyDays: (days: number): string => `${days} days`,
  historyUnlimited: 'Unlimited',
  /** The Free column's button for a signed-out visitor. */
  signUpFree: 'Sign up free',
  /** The Free column's (disabled) button for a free user; the column also wears the Current Plan badge. */
  yourPlan: 'Your plan',
  subscribe: (planName: string): string => `Subscribe to ${planName}`,
  /** Shown on a paid column the user already has (e.g. the subscription lookup disagrees). */
  subscribed: 'Subscribed',
  demoNotice: 'Demo mode: checkout is simulated on this server. No card is needed and nothing is charged.',
} as const;

/** One line under each plan's name on the pricing screen (the three of PRICING_PLAN_IDS). */
export const PLAN_TAGLINES: Readonly<Partial<Record<SubscriptionTier, string>>> = {
  free: 'Try the council with the three default assistants.',
  premium: 'Debate, reasoning and your choice of agents, models and roles.',
  max: 'The largest councils and the most tokens for heavy use.',
};

/** The management card of premium and max users (spec §2; DECISIONS 6: the real renewal date). */
export const SUBSCRIPTION_CARD = {
  title: (planName: string): string => `Your ${planName} Subscription`,
  description: 'Thank you for supporting Council.',
  tokensRemaining: 'Tokens remaining',
  /** The plan allowance line under the balance: "250K of 250K left this month". */
  monthlyAllowance: 'Monthly allowance',
  ofAllowance: (left: string, allowance: string): string => `${left} of ${allowance} left this period`,
  breakdown: (purchased: string, free: string): string =>
    `Purchased tokens: ${purchased} · Free tokens: ${free}`,
  plan: 'Plan',
  price: 'Price',
  renews: 'Renews on',
  ends: 'Ends on',
  status: 'Status',
  perMonth: (price: string): string => `${price} per month`,
  noPrice: 'Custom',
  noDate: 'Not scheduled',
  includedTitle: 'Included in your plan',
  upgradeToMax: 'Upgrade to Max Plan',
  managePaymentMethod: 'Manage Payment Method',
  cancelSubscription: 'Cancel Subscription',
  /** Why the two portal buttons are disabled (spec §2: they need a stripeCustomerId). */
  noBillingAccount: 'The billing portal becomes available once your payment details are on file.',
  cancelsAtPeriodEnd: (date: string): string =>
    `Your subscription is cancelled and ends on ${date}. You keep your plan until then.`,
  /** Takes back a cancellation before the period ends (billing portal flow `resume`). */
  resumeSubscription: 'Resume Subscription',
} as const;

/**
 * The banner of a plan whose renewal payment failed (Stripe's `past_due`, after
 * invoice.payment_failed): the plan stays until Stripe ends it; paying clears it.
 */
export const PAYMENT_ISSUE_BANNER = {
  title: 'Your last payment failed',
  text: 'We could not take your subscription payment. You keep your plan while the payment is retried; update your payment method to keep it.',
  action: 'Update payment method',
} as const;

/** The "Need more tokens?" card every visitor sees (spec §2). */
export const TOKEN_PACKS_SECTION = {
  title: 'Need more tokens?',
  description: 'Top up at any time. Purchased tokens never expire and are used after your monthly allowance.',
  addToAccount: 'Add to account',
  tokens: (count: string): string => `${count} tokens`,
  signInHint: 'Sign in to add tokens to your account.',
} as const;

/** The clearly labelled demo checkout page (DECISIONS 14). */
export const DEMO_CHECKOUT_SCREEN = {
  heading: 'Demo checkout — no real payment',
  badge: 'Demo mode',
  intro:
    'This server has no payment provider configured, so checkout is simulated: nothing is charged and no card is needed. Confirming applies the purchase exactly as a real payment would.',
  summaryTitle: 'Order summary',
  item: 'Item',
  kind: 'Type',
  tokens: 'Tokens',
  price: 'Price',
  noCharge: 'No charge',
  perMonth: (price: string): string => `${price} per month`,
  tokensPerMonth: (tokens: string): string => `${tokens} per month`,
  kinds: {
    topup: 'Token pack',
    subscription: 'Monthly plan',
    upgrade: 'Plan upgrade',
    portal: 'Subscription change',
  } satisfies Record<CheckoutKind, string>,
  confirm: 'Confirm',
  /** The primary button of the demo billing portal, by flow (DECISIONS 21). */
  portalConfirm: {
    payment_method: 'Save payment method',
    cancel: 'Cancel at end of period',
    resume: 'Resume plan',
  } satisfies Record<PortalFlow, string>,
  /** The demo billing portal's clearly labelled control that ends the paid period at once. */
  endPeriodNow: 'Demo only: end the billing period now',
  endPeriodNowHint:
    'A real subscription ends on its renewal date. This demo control skips ahead: the plan ends now and the account returns to Free.',
  cancel: 'Cancel',
  /** The demo billing portal's way back to /subscription (it cancels nothing, so not "Cancel"). */
  back: 'Back',
  alreadyConfirmed: 'This checkout has already been confirmed. Confirming again changes nothing.',
  loading: 'Loading checkout',
  notFoundTitle: 'Checkout not available',
  notFoundText: 'This demo checkout is unknown, has expired or belongs to another account.',
  backToPricing: 'Back to pricing',
} as const;

/**
 * The clearly labelled demo control on /subscription (DECISIONS 27): the account's demo token packs,
 * each with the refund and dispute a bank or Stripe would bring, run by the same code as Stripe's
 * charge.refunded and charge.dispute.* events.
 */
export const DEMO_PURCHASES_SECTION = {
  title: 'Demo: your purchases',
  badge: 'Demo mode',
  description:
    'Try what a refund or a card dispute does to your balance. Nothing is charged or paid back: these controls run exactly what Stripe’s refund and dispute events would.',
  loading: 'Loading your demo purchases',
  empty: 'You have no demo purchases yet. Add a token pack above to try a refund or a dispute.',
  loadError: 'Your demo purchases could not be loaded.',
  listLabel: 'Demo purchases',
  bought: (date: string): string => `Bought on ${date}`,
  price: (price: string): string => `Paid ${price}`,
  refund: 'Refund',
  refundLabel: (title: string): string => `Refund: ${title}`,
  /** A partial refund: half of what is not refunded yet (Stripe refunds any amount up to that). */
  refundHalf: 'Refund half',
  refundHalfLabel: (title: string, price: string): string => `Refund ${price} of ${title}`,
  dispute: 'Dispute',
  disputeLabel: (title: string): string => `Dispute: ${title}`,
  won: 'Won',
  wonLabel: (title: string): string => `Dispute won: ${title}`,
  lost: 'Lost',
  lostLabel: (title: string): string => `Dispute lost: ${title}`,
  refunded: (price: string): string => `Refunded ${price}`,
  fullyRefunded: 'Refunded in full',
  disputeStates: {
    open: 'Dispute open: its unspent tokens are frozen',
    won: 'Dispute won: tokens restored',
    lost: 'Dispute lost: tokens taken back',
  },
  tokensTaken: (tokens: string): string => `${tokens} tokens taken back`,
  tokensOwed: (tokens: string): string => `${tokens} already spent are owed`,
  tokensFrozen: (tokens: string): string => `${tokens} tokens frozen`,
  done: {
    title: 'Demo purchase updated',
    description: 'Your balance now shows the effect.',
    variant: 'default',
  } satisfies ToastText,
  unchanged: {
    title: 'Nothing changed',
    description: 'This was already done, so your balance is as it was.',
    variant: 'default',
  } satisfies ToastText,
  /** The server's message when it has one (e.g. a disputed purchase cannot be refunded). */
  failed: {
    title: 'Error',
    fallbackDescription: 'The demo control could not update this purchase. Please try again.',
    variant: 'destructive',
  } satisfies MessageToast,
} as const;

/**
 * The demo billing portal's texts (DECISIONS 21), shown by the demo checkout page; billing picks
 * them by flow. `{date}` is the end of the paid period.
 */
export const DEMO_PORTAL_TEXTS = {
  paymentMethodTitle: 'Update your payment method (demo billing portal)',
  paymentMethodText:
    'Demo mode: there is no card on file to change. Saving keeps your plan exactly as it is; nothing is cancelled or charged.',
  cancelTitle: (planName: string): string => `Cancel your ${planName} plan (demo billing portal)`,
  cancelText: (date: string): string =>
    `Demo mode: no payment is taken. Cancelling keeps your plan, its allowance and your tokens until the end of the paid period on ${date}; then the account returns to the Free plan.`,
  cancellingText: (date: string): string =>
    `Your plan is already cancelled and ends on ${date}. Until then you keep its allowance and features.`,
  resumeTitle: (planName: string): string => `Resume your ${planName} plan (demo billing portal)`,
  resumeText: (date: string): string =>
    `Demo mode: no payment is taken. Resuming keeps your plan: it renews on ${date} instead of ending.`,
  notCancellingText: (date: string): string => `Your plan is not cancelled: it renews on ${date}.`,
  noSubscriptionTitle: 'Manage your subscription (demo billing portal)',
  noSubscriptionText: 'Demo mode: no payment is taken. You have no subscription to manage.',
} as const;

/** What the pricing screen says when the browser comes back from a checkout or the portal. */
export const CHECKOUT_RETURN_TOASTS = {
  topup: PAYMENT_TOASTS.succeeded,
  subscription: {
    title: 'Subscription active',
    description: 'Welcome aboard! Your monthly tokens have been added to your account.',
    variant: 'default',
  },
  upgrade: {
    title: 'Upgrade complete',
    description: 'Your plan has been upgraded and the new allowance is ready to use.',
    variant: 'default',
  },
  portal: {
    title: 'Subscription updated',
    description: 'Your billing changes have been saved.',
    variant: 'default',
  },
  cancelled: {
    title: 'Checkout cancelled',
    description: 'No payment was taken.',
    variant: 'default',
  },
  portalCancelled: {
    title: 'No changes made',
    description: 'Your subscription is unchanged.',
    variant: 'default',
  },
} as const satisfies Record<CheckoutKind | 'cancelled' | 'portalCancelled', ToastText>;

export function isCheckoutResult(value: unknown): value is CheckoutResult {
  return typeof value === 'string' && (CHECKOUT_RESULTS as readonly string[]).includes(value);
}

export function isCheckoutKind(value: unknown): value is CheckoutKind {
  return typeof value === 'string' && (CHECKOUT_KINDS as readonly string[]).includes(value);
}

/**
 * The toast for `?checkout=<result>&kind=<kind>`; a success of an unknown kind reads as a token
 * purchase, the spec's only quoted success (§8).
 */
export function checkoutReturnToast(result: CheckoutResult, kind: string | null): ToastText {
  if (result === 'cancelled') {
    return kind === 'portal' ? CHECKOUT_RETURN_TOASTS.portalCancelled : CHECKOUT_RETURN_TOASTS.cancelled;
  }
  return isCheckoutKind(kind) ? CHECKOUT_RETURN_TOASTS[kind] : CHECKOUT_RETURN_TOASTS.topup;
}
