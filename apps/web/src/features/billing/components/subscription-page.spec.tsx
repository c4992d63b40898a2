import { type SessionUser } from '@council/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { deferred, premiumStatus, subscriptionStatus } from '@/testing/billing.fixture';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse, type mockFetch, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';
import { browserLocation } from '../utils/browser-location';

const lastToast = () => useToastStore.getState().toasts[0];
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).length;

const premiumUser: SessionUser = {
  ...signedInUser,
  subscriptionTier: 'premium',
  tokensLeft: 245_000,
  stripeCustomerId: 'cus_1',
};
const maxUser: SessionUser = { ...premiumUser, subscriptionTier: 'max', tokensLeft: 900_000 };

const pricingTable = () => screen.getByRole('table', { name: 'Compare the Free, Premium and Max plans' });
const planColumns = () => within(pricingTable()).getAllByRole('columnheader');

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('/subscription for visitors (spec §2)', () => {
  it('shows "Pricing" with the table (desktop) and the cards (mobile), and no subscription lookup', async () => {
    const fetchMock = mockApi();
    renderApp('/subscription');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(planColumns().map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('Free'),
      expect.stringContaining('Premium'),
      expect.stringContaining('Max Plan'),
    ]);
    expect(planColumns()[1]).toHaveTextContent('Most Popular');
    expect(planColumns()[1]).toHaveTextContent('£29.99/month');
    expect(planColumns()[2]).toHaveTextContent('£99.99/month');
    expect(within(pricingTable()).queryByText('Current Plan')).not.toBeInTheDocument();
    // The Free column's 5-query limit, as the mobile card's first bullet says it.
    const queries = within(pricingTable()).getByRole('rowheader', { name: 'Questions' }).closest('tr');
    expect(queries).toHaveTextContent('5 free queries in total');
    expect(
      within(screen.getByRole('list', { name: 'Plans' })).getAllByText('5 free queries in total'),
    ).toHaveLength(1);
    expect(
      within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('heading', { level: 3 }),
    ).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: 'Sign up free' })[0]).toHaveAttribute(
      'href',
      '/auth?form=register',
    );
    expect(calls(fetchMock, '/api/subscription')).toBe(0);
  });

  it('sends a visitor who subscribes to /auth, returning to /subscription', async () => {
    const fetchMock = mockApi();
    const { router } = renderApp('/subscription');
    const events = userEvent.setup();

    await events.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Subscribe to Premium' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?return=%2Fsubscription');
    expect(calls(fetchMock, '/api/get-or-create-subscription')).toBe(0);
  });

  it('carries on as a guest when the session lookup fails', async () => {
    mockApi({ '/api/user': () => textResponse('boom', 500, 'Internal Server Error') });
    renderApp('/subscription');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Need more tokens?' })).toBeInTheDocument();
  });

  it('sends a visitor who adds tokens to /auth too', async () => {
    mockApi();
    const { router } = renderApp('/subscription');
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: 'Add to account: Basic Pack' }));

    await waitFor(() => expect(router.state.location.search).toBe('?return=%2Fsubscription'));
  });
});

describe('/subscription for free users', () => {
  function renderFree(subscribe: () => Response | Promise<Response>) {
    const fetchMock = mockApi(
      {
        '/api/subscription': () => jsonResponse(subscriptionStatus()),
        '/api/get-or-create-subscription': subscribe,
      },
      signedInUser,
    );
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const view = renderApp('/subscription');
    return { ...view, fetchMock, assign, events: userEvent.setup() };
  }

  it('marks Free as the current plan and looks the subscription up', async () => {
    const { fetchMock } = renderFree(() => jsonResponse({ url: 'x' }));

    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    expect(planColumns()[0]).toHaveTextContent('Current Plan');
    expect(within(pricingTable()).getByRole('button', { name: 'Your plan' })).toBeDisabled();
    await waitFor(() => expect(calls(fetchMock, '/api/subscription')).toBe(1));
  });

  it('disables every subscribe button and toasts "Processing" while the call runs, then follows the url', async () => {
    const answer = deferred<Response>();
    const { events, fetchMock, assign } = renderFree(() => answer.promise);
    const table = within(await screen.findByRole('table'));

    await events.click(table.getByRole('button', { name: 'Subscribe to Max' }));

    expect(await table.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(table.getByRole('button', { name: 'Subscribe to Premium' })).toBeDisabled();
    expect(lastToast()).toMatchObject({
      title: 'Processing',
      description: 'Creating your Max subscription...',
    });
    expect(sentBody(fetchMock, '/api/get-or-create-subscription')).toEqual({ tier: 'max' });

    answer.resolve(jsonResponse({ url: 'https://checkout.test/sub' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.test/sub'));
  });

  it('re-reads the user and the subscription after "Already subscribed", so the page stops being stale', async () => {
    const { events, fetchMock } = renderFree(() => jsonResponse({ message: 'Already subscribed' }));
    await waitFor(() => expect(calls(fetchMock, '/api/subscription')).toBe(1));
    const userReads = calls(fetchMock, '/api/user');

    await events.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Subscribe to Premium' }),
    );

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Already Subscribed' }));
    await waitFor(() => expect(calls(fetchMock, '/api/user')).toBeGreaterThan(userReads));
  });

  it.each([
    [
      'an info toast for "Already subscribed"',
      () => jsonResponse({ message: 'Already subscribed' }),
      {
        title: 'Already Subscribed',
        description: 'You already have an active subscription.',
        variant: 'default',
      },
    ],
    [
      '"Unable to process subscription request." for any other reply',
      () => jsonResponse({ message: 'Something else' }),
      { title: 'Error', description: 'Unable to process subscription request.', variant: 'destructive' },
    ],
    [
      '"Subscription Error" with the server message',
      () =>
        errorResponse(503, 'SERVICE_UNAVAILABLE', 'The payment provider is unavailable. Please try again.'),
      {
        title: 'Subscription Error',
        description: 'The payment provider is unavailable. Please try again.',
        variant: 'destructive',
      },
    ],
    [
      'the plan’s fallback when the server says nothing',
      () => textResponse('', 500),
      {
        title: 'Subscription Error',
        description: 'Failed to create Premium subscription. Please try again.',
        variant: 'destructive',
      },
    ],
  ])('shows %s', async (_case, answer, toastText) => {
    const { events, assign } = renderFree(answer);

    await events.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Subscribe to Premium' }),
    );

    await waitFor(() => expect(lastToast()).toMatchObject(toastText));
    expect(assign).not.toHaveBeenCalled();
    expect(within(pricingTable()).getByRole('button', { name: 'Subscribe to Premium' })).toBeEnabled();
  });

  it('says "Payment form is ready. Please complete payment details." when the table’s call upgraded', async () => {
    const { events, assign } = renderFree(() =>
      jsonResponse({
        url: 'http://localhost:3000/subscription?checkout=success&kind=upgrade',
        upgraded: true,
      }),
    );

    await events.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Subscribe to Max' }),
    );

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        description: 'Payment form is ready. Please complete payment details.',
      }),
    );
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe('/subscription for premium and max users (spec §2; DECISIONS 6)', () => {
  function renderPaid(
    user: SessionUser,
    status: ReturnType<typeof premiumStatus>,
    handlers: Record<string, () => Response | Promise<Response>> = {},
  ) {
    const fetchMock = mockApi({ '/api/subscription': () => jsonResponse(status), ...handlers }, user);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderApp('/subscription');
    return { fetchMock, assign, events: userEvent.setup() };
  }

  it('shows the management card with the real numbers and renewal date', async () => {
    renderPaid(premiumUser, premiumStatus());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Your Subscription' }),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Your Premium Subscription' });
    expect(await within(card).findByText('235K of 250K left this period')).toBeInTheDocument();
    expect(within(card).getByText('245K')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Monthly allowance' })).toHaveAttribute(
      'aria-valuenow',
      '94',
    );
    expect(within(card).getByText('Purchased tokens: 0 · Free tokens: 10K')).toBeInTheDocument();
    expect(await within(card).findByText('24 May 2026')).toBeInTheDocument();
    expect(within(card).getByText('Renews on')).toBeInTheDocument();
    expect(within(card).getByText('£29.99 per month')).toBeInTheDocument();
    expect(within(card).getAllByText('Active').length).toBeGreaterThan(0);
    expect(within(card).getByRole('button', { name: 'Upgrade to Max Plan' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Manage Payment Method' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Add to account/ })).toHaveLength(5);
  });

  it('shows the real status and the end date of a cancelled plan', async () => {
    renderPaid(premiumUser, premiumStatus({ status: 'past_due', cancelAtPeriodEnd: true }));

    const card = await screen.findByRole('region', { name: 'Your Premium Subscription' });
    expect(await within(card).findByText('Ends on')).toBeInTheDocument();
    expect(within(card).getAllByText('Past due').length).toBeGreaterThan(0);
    expect(within(card).getByText(/ends on 24 May 2026/)).toBeInTheDocument();
  });

  it('offers Resume Subscription instead of Cancel on a plan cancelled at period end', async () => {
    const { events, fetchMock, assign } = renderPaid(
      premiumUser,
      premiumStatus({ cancelAtPeriodEnd: true }),
      {
        '/api/create-customer-portal-session': () =>
          jsonResponse({ url: `${window.location.origin}/subscription?checkout=success&kind=portal` }),
      },
    );

    const card = await screen.findByRole('region', { name: 'Your Premium Subscription' });
    await events.click(await within(card).findByRole('button', { name: 'Resume Subscription' }));

    expect(within(card).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        `${window.location.origin}/subscription?checkout=success&kind=portal`,
      ),
    );
    expect(sentBody(fetchMock, '/api/create-customer-portal-session')).toEqual({
      returnUrl: window.location.href,
      flow: 'resume',
    });
  });

  it('has no Resume on a plan that renews', async () => {
    renderPaid(premiumUser, premiumStatus());

    const card = await screen.findByRole('region', { name: 'Your Premium Subscription' });
    expect(await within(card).findByRole('button', { name: 'Cancel Subscription' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Resume Subscription' })).not.toBeInTheDocument();
  });

  it('shows a failed-payment banner with the billing portal while the plan is past due', async () => {
    const { events, fetchMock, assign } = renderPaid(premiumUser, premiumStatus({ status: 'past_due' }), {
      '/api/create-customer-portal-session': () => jsonResponse({ url: 'https://billing.test/card' }),
    });

    const banner = await screen.findByRole('alert', { name: 'Your last payment failed' });
    expect(banner).toHaveTextContent('You keep your plan while the payment is retried');
    // The plan stays in force meanwhile.
    expect(screen.getByRole('region', { name: 'Your Premium Subscription' })).toBeInTheDocument();

    await events.click(within(banner).getByRole('button', { name: 'Update payment method' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.test/card'));
    expect(sentBody(fetchMock, '/api/create-customer-portal-session')).toEqual({
      returnUrl: window.location.href,
      flow: 'payment_method',
    });
  });

  it('shows no failed-payment banner once the plan is paid (active)', async () => {
    renderPaid(premiumUser, premiumStatus({ status: 'active' }));

    expect(await screen.findByRole('region', { name: 'Your Premium Subscription' })).toBeInTheDocument();
    expect(await screen.findByText('Renews on')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Your last payment failed' })).not.toBeInTheDocument();
  });

  it('disables the portal buttons without a billing account', async () => {
    renderPaid({ ...premiumUser, stripeCustomerId: null }, premiumStatus({ hasBillingAccount: false }));

    const card = await screen.findByRole('region', { name: 'Your Premium Subscription' });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Manage Payment Method' })).toBeDisabled(),
    );
    expect(within(card).getByRole('button', { name: 'Cancel Subscription' })).toBeDisabled();
  });

  it('has no upgrade on max', async () => {
    renderPaid(
      maxUser,
      premiumStatus({ tier: 'max', tokenAllowance: 1_000_000, tokensLeft: 900_000, monthlyTokens: 890_000 }),
    );

    const card = await screen.findByRole('region', { name: 'Your Max Subscription' });
    expect(await within(card).findByText('890K of 1M left this period')).toBeInTheDocument();
    expect(within(card).getByText('£99.99 per month')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Upgrade to Max Plan' })).not.toBeInTheDocument();
  });

  it('upgrades to max: "Payment form is ready…" then follows the url', async () => {
    const { events, fetchMock, assign } = renderPaid(premiumUser, premiumStatus(), {
      '/api/get-or-create-subscription': () =>
        jsonResponse({ url: 'http://localhost:3000/demo-checkout/cs_demo_1' }),
    });

    await events.click(await screen.findByRole('button', { name: 'Upgrade to Max Plan' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/demo-checkout/cs_demo_1'));
    expect(sentBody(fetchMock, '/api/get-or-create-subscription')).toEqual({ tier: 'max' });
    expect(lastToast()).toMatchObject({
      description: 'Payment form is ready. Please complete payment details to upgrade.',
    });
  });

  it('toasts "Failed to create subscription" when the upgrade fails', async () => {
    const { events } = renderPaid(premiumUser, premiumStatus(), {
      '/api/get-or-create-subscription': () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'down'),
    });

    await events.click(await screen.findByRole('button', { name: 'Upgrade to Max Plan' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to create subscription' }),
    );
  });

  it('opens the customer portal on cancelling, returning to this page', async () => {
    const { events, fetchMock, assign } = renderPaid(premiumUser, premiumStatus(), {
      '/api/create-customer-portal-session': () => jsonResponse({ url: 'https://billing.test/portal' }),
    });

    await events.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.test/portal'));
    expect(sentBody(fetchMock, '/api/create-customer-portal-session')).toEqual({
      returnUrl: window.location.href,
      flow: 'cancel',
    });
  });

  it('opens the customer portal on the card for Manage Payment Method (never cancels)', async () => {
    const { events, fetchMock, assign } = renderPaid(premiumUser, premiumStatus(), {
      '/api/create-customer-portal-session': () => jsonResponse({ url: 'https://billing.test/card' }),
    });

    await events.click(await screen.findByRole('button', { name: 'Manage Payment Method' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.test/card'));
    expect(sentBody(fetchMock, '/api/create-customer-portal-session')).toEqual({
      returnUrl: window.location.href,
      flow: 'payment_method',
    });
  });

  it('toasts when the portal cannot open', async () => {
    const { events } = renderPaid(premiumUser, premiumStatus(), {
      '/api/create-customer-portal-session': () => errorResponse(400, 'VALIDATION_FAILED', 'nope'),
    });

    await events.click(await screen.findByRole('button', { name: 'Manage Payment Method' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to access customer portal. Please try again.',
      }),
    );
  });
});

describe('"Need more tokens?" (spec §2, §4)', () => {
  it('highlights the pack being bought, shows "Processing..." and redirects', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi(
      {
        '/api/subscription': () => jsonResponse(subscriptionStatus()),
        '/api/top-up-tokens': () => answer.promise,
      },
      signedInUser,
    );
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderApp('/subscription');
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: 'Add to account: Standard Pack' }));

    const button = await screen.findByRole('button', { name: 'Processing...: Standard Pack' });
    expect(button).toBeDisabled();
    expect(button.closest('li')).toHaveAttribute('data-selected', 'true');
    expect(screen.getByRole('button', { name: 'Add to account: Basic Pack' })).toBeDisabled();
    expect(sentBody(fetchMock, '/api/top-up-tokens')).toEqual({ packageId: 'tokens_150k' });

    answer.resolve(jsonResponse({ url: 'https://checkout.test/pack', sessionId: 'cs_1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.test/pack'));
  });

  it('resets the selection and toasts "Payment Error" on failure', async () => {
    mockApi(
      {
        '/api/subscription': () => jsonResponse(subscriptionStatus()),
        '/api/top-up-tokens': () => errorResponse(400, 'VALIDATION_FAILED', 'Please select a token package'),
      },
      signedInUser,
    );
    renderApp('/subscription');
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: 'Add to account: Pro Pack' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Payment Error',
        description: 'Please select a token package',
        variant: 'destructive',
      }),
    );
    const button = screen.getByRole('button', { name: 'Add to account: Pro Pack' });
    expect(button).toBeEnabled();
    expect(button.closest('li')).not.toHaveAttribute('data-selected');
  });
});

describe('coming back from a checkout', () => {
  it('toasts "Token purchase successful!", refreshes the balance and cleans the address', async () => {
    let tokensLeft = 10_000;
    const fetchMock = mockApi({
      '/api/user': () => jsonResponse({ ...signedInUser, tokensLeft }),
      '/api/subscription': () => jsonResponse(subscriptionStatus({ tokensLeft })),
    });
    const { router } = renderApp('/subscription');
    expect(await screen.findByRole('button', { name: 'Token balance: 10K tokens' })).toBeInTheDocument();

    // The demo checkout (or Stripe) has credited the pack and sends the browser back here.
    tokensLeft = 60_000;
    await act(() => router.navigate('/subscription?checkout=success&kind=topup&session_id=cs_1'));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Token purchase successful!',
        description: 'Your tokens have been added to your account.',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Token balance: 60K tokens' })).toBeInTheDocument();
    expect(calls(fetchMock, '/api/user')).toBe(2);
    expect(calls(fetchMock, '/api/subscription')).toBe(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('says so when the checkout was cancelled', async () => {
    mockApi({ '/api/subscription': () => jsonResponse(subscriptionStatus()) }, signedInUser);
    renderApp('/subscription?checkout=cancelled&kind=subscription');

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Checkout cancelled' }));
  });
});
