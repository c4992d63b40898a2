import { type BillingDemoSessionReply, type SubscriptionStatusResponse } from '@council/contracts';

/** GET /api/subscription for a free user with the opening balance. */
export function subscriptionStatus(
  overrides: Partial<SubscriptionStatusResponse> = {},
): SubscriptionStatusResponse {
  return {
    tier: 'free',
    status: 'none',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    tokensLeft: 10_000,
    monthlyTokens: 0,
    purchasedTokens: 0,
    freeTokens: 10_000,
    tokenAllowance: 10_000,
    queriesLeft: 5,
    nextTokenReset: null,
    hasBillingAccount: false,
    demoMode: false,
    ...overrides,
  };
}

/** An active premium plan renewing on 24 May 2026 (midday, so no time zone moves the date). */
export function premiumStatus(
  overrides: Partial<SubscriptionStatusResponse> = {},
): SubscriptionStatusResponse {
  return subscriptionStatus({
    tier: 'premium',
    status: 'active',
    currentPeriodEnd: '2026-05-24T12:00:00.000Z',
    nextTokenReset: '2026-05-24T12:00:00.000Z',
    tokensLeft: 245_000,
    monthlyTokens: 235_000,
    purchasedTokens: 0,
    freeTokens: 10_000,
    tokenAllowance: 250_000,
    hasBillingAccount: true,
    ...overrides,
  });
}

/** GET /api/billing/demo/:id for a Basic Pack top-up. */
export function demoTopUpSession(overrides: Partial<BillingDemoSessionReply> = {}): BillingDemoSessionReply {
  return {
    id: 'cs_demo_abcdefghijklmnop',
    demo: true,
    mode: 'demo',
    kind: 'topup',
    portalFlow: null,
    status: 'open',
    actions: ['confirm'],
    periodEnd: null,
    title: 'Basic Pack — 50,000 tokens',
    description: 'Demo mode: no payment is taken and no card is needed.',
    amountPence: 999,
    currency: 'gbp',
    tokens: 50_000,
    tier: null,
    successUrl: `${window.location.origin}/subscription?checkout=success&kind=topup`,
    cancelUrl: `${window.location.origin}/subscription?checkout=cancelled&kind=topup`,
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A promise you settle from the test, to look at a pending state. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
