// Payment and plan texts of spec §5, §4 and §8 ("Payments and plans"), copied exactly.
// Where the spec only says that Premium and Max variants exist, the variant wording is ours.

import { type MessageToast, type ToastText } from './messages.types';

/** The reply message of POST /api/get-or-create-subscription for a user who already has a plan. */
export const ALREADY_SUBSCRIBED = 'Already subscribed';

export const LOW_BALANCE_NOTICE =
  "You're running low on tokens. Consider purchasing more tokens or upgrading your plan.";

/** The token-purchase dialog. */
export const PAYMENT_TOASTS = {
  /** Description: the server's message, else the payment provider's, else the fallback. */
  failed: {
    title: 'Payment failed',
    fallbackDescription: 'There was an error processing your payment',
    variant: 'destructive',
  },
  succeeded: {
    title: 'Token purchase successful!',
    description: 'Your tokens have been added to your account.',
    variant: 'default',
  },
} as const satisfies { failed: MessageToast; succeeded: ToastText };

/** Messages of errors the purchase flow raises itself; they end up in PAYMENT_TOASTS.failed. */
export const PAYMENT_ERRORS = {
  /** The server answered non-OK without a message. */
  initiateFailed: 'Failed to initiate payment',
  /** The payment provider's script did not load (spec §8). */
  scriptLoadFailed: 'Failed to load',
  /** The provider's redirect failed without a message. */
  redirectFailed: 'Payment failed',
  noCheckoutUrl: 'No checkout URL or session ID returned from server',
} as const;

/** The pricing and subscription screen. */
export const PRICING_TOASTS = {
  paymentError: {
    title: 'Payment Error',
    fallbackDescription: 'Could not process payment',
    variant: 'destructive',
  },
  topUpFailed: { title: 'Error', description: 'Failed to process token top-up', variant: 'destructive' },
  portalFailed: {
    title: 'Error',
    description: 'Failed to access customer portal. Please try again.',
    variant: 'destructive',
  },
  subscriptionError: {
    title: 'Subscription Error',
    fallbackDescription: 'Failed to create subscription. Please try again.',
    variant: 'destructive',
  },
  /** Neither a url nor a known message came back. */
  subscriptionUnknownReply: {
    title: 'Error',
    description: 'Unable to process subscription request.',
    variant: 'destructive',
  },
  upgradeFailed: { title: 'Error', description: 'Failed to create subscription', variant: 'destructive' },
  /** After the upgrade-to-Max call (the title is ours; the spec quotes only the text). */
  upgradeReady: {
    title: 'Success',
    description: 'Payment form is ready. Please complete payment details to upgrade.',
    variant: 'default',
  },
  /** The same, from the comparison table's Max button. */
  upgradeReadyFromTable: {
    title: 'Success',
    description: 'Payment form is ready. Please complete payment details.',
    variant: 'default',
  },
  processing: { title: 'Processing', description: 'Creating your subscription...', variant: 'default' },
  alreadySubscribed: {
    title: 'Already Subscribed',
    description: 'You already have an active subscription.',
    variant: 'default',
  },
  upgradeAuthRequired: {
    title: 'Authentication required',
    description: 'Please log in to upgrade your subscription',
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastText | MessageToast>;

/** "Processing" toast naming the plan, e.g. "Creating your Premium subscription...". */
export function subscriptionProcessingToast(planName?: string): ToastText {
  if (!planName) return PRICING_TOASTS.processing;
  return {
    title: 'Processing',
    description: `Creating your ${planName} subscription...`,
    variant: 'default',
  };
}

/** "Subscription Error" naming the plan when the server gave no message. */
export function subscriptionErrorToast(message?: string | null, planName?: string): ToastText {
  const description = message?.trim()
    ? message
    : planName
      ? `Failed to create ${planName} subscription. Please try again.`
      : PRICING_TOASTS.subscriptionError.fallbackDescription;
  return { title: PRICING_TOASTS.subscriptionError.title, description, variant: 'destructive' };
}
