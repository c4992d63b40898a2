import { PAYMENT_TOASTS } from '../messages/payment.messages';
import {
  BILLING_API_PATHS,
  DEMO_CHECKOUT_ROUTE,
  PRICING_SCREEN,
  SUBSCRIPTION_CARD,
  SUBSCRIPTION_STATUS_LABELS,
  TOKEN_PACKS_SECTION,
  checkoutReturnToast,
  isCheckoutKind,
  isCheckoutResult,
} from './billing.constants';

describe('billing screen texts (spec §2, §4)', () => {
  it('quotes the spec’s headings, badges and buttons', () => {
    expect(PRICING_SCREEN.heading).toBe('Pricing');
    expect(PRICING_SCREEN.manageHeading).toBe('Manage Your Subscription');
    expect(PRICING_SCREEN.mostPopular).toBe('Most Popular');
    expect(PRICING_SCREEN.currentPlan).toBe('Current Plan');
    expect(SUBSCRIPTION_CARD.title('Premium')).toBe('Your Premium Subscription');
    expect(SUBSCRIPTION_CARD.title('Max')).toBe('Your Max Subscription');
    expect(SUBSCRIPTION_CARD.upgradeToMax).toBe('Upgrade to Max Plan');
    expect(SUBSCRIPTION_CARD.managePaymentMethod).toBe('Manage Payment Method');
    expect(SUBSCRIPTION_CARD.cancelSubscription).toBe('Cancel Subscription');
    expect(SUBSCRIPTION_STATUS_LABELS.active).toBe('Active');
    expect(TOKEN_PACKS_SECTION.title).toBe('Need more tokens?');
    expect(TOKEN_PACKS_SECTION.addToAccount).toBe('Add to account');
  });

  it('builds the gateway paths and the demo route', () => {
    expect(BILLING_API_PATHS.demoSession('cs_demo_a/b')).toBe('/api/billing/demo/cs_demo_a%2Fb');
    expect(BILLING_API_PATHS.demoConfirm('cs_demo_x')).toBe('/api/billing/demo/cs_demo_x/confirm');
    expect(DEMO_CHECKOUT_ROUTE).toBe('/demo-checkout/:id');
  });
});

describe('checkoutReturnToast', () => {
  it('shows the spec’s purchase success for a top-up and for an unknown kind', () => {
    expect(checkoutReturnToast('success', 'topup')).toEqual(PAYMENT_TOASTS.succeeded);
    expect(checkoutReturnToast('success', null)).toEqual(PAYMENT_TOASTS.succeeded);
  });

  it('names subscriptions, upgrades and cancellations', () => {
    expect(checkoutReturnToast('success', 'subscription').title).toBe('Subscription active');
    expect(checkoutReturnToast('success', 'upgrade').title).toBe('Upgrade complete');
    expect(checkoutReturnToast('cancelled', 'topup').title).toBe('Checkout cancelled');
    expect(checkoutReturnToast('cancelled', 'portal').title).toBe('No changes made');
  });

  it('recognises results and kinds', () => {
    expect(isCheckoutResult('success')).toBe(true);
    expect(isCheckoutResult('paid')).toBe(false);
    expect(isCheckoutKind('portal')).toBe(true);
    expect(isCheckoutKind(undefined)).toBe(false);
  });
});
