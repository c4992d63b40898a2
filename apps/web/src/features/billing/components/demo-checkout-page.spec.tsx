import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { deferred, demoTopUpSession, premiumStatus, subscriptionStatus } from '@/testing/billing.fixture';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

const lastToast = () => useToastStore.getState().toasts[0];
const id = 'cs_demo_abcdefghijklmnop';
const sessionPath = `/api/billing/demo/${id}`;
const confirmPath = `${sessionPath}/confirm`;

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('/demo-checkout/:id (DECISIONS 14)', () => {
  it('is clearly labelled as a demo and shows what is bought and the price', async () => {
    mockApi({ [sessionPath]: () => jsonResponse(demoTopUpSession()) }, signedInUser);
    renderApp(`/demo-checkout/${id}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo checkout — no real payment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/nothing is charged/);
    expect(await screen.findByText('Basic Pack — 50,000 tokens')).toBeInTheDocument();
    expect(screen.getByText('Token pack')).toBeInTheDocument();
    expect(screen.getByText('50,000')).toBeInTheDocument();
    expect(screen.getByText('£9.99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('is the demo billing portal for a cancellation: at period end, plus a labelled demo control to end it now', async () => {
    const portal = demoTopUpSession({
      kind: 'portal',
      portalFlow: 'cancel',
      actions: ['confirm', 'end-period-now'],
      title: 'Cancel your Premium plan (demo billing portal)',
      amountPence: null,
      tokens: null,
    });
    const fetchMock = mockApi(
      {
        [sessionPath]: () => jsonResponse(portal),
        [confirmPath]: () =>
          jsonResponse({
            id,
            status: 'complete',
            duplicate: false,
            redirectUrl: `${window.location.origin}/subscription?checkout=success&kind=portal`,
            tier: 'free',
            tokensLeft: 10_000,
          }),
      },
      signedInUser,
    );
    renderApp(`/demo-checkout/${id}`);

    expect(await screen.findByRole('button', { name: 'Cancel at end of period' })).toBeEnabled();
    // The way back says "Back": next to "Cancel at end of period", "Cancel" would read as cancelling.
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const demoControl = screen.getByRole('group', { name: 'Demo only: end the billing period now' });
    await userEvent.click(
      within(demoControl).getByRole('button', { name: 'Demo only: end the billing period now' }),
    );
    await waitFor(() => expect(sentBody(fetchMock, confirmPath)).toEqual({ action: 'end-period-now' }));
  });

  it('manages the card without any way to cancel', async () => {
    mockApi(
      {
        [sessionPath]: () =>
          jsonResponse(
            demoTopUpSession({
              kind: 'portal',
              portalFlow: 'payment_method',
              amountPence: null,
              tokens: null,
            }),
          ),
      },
      signedInUser,
    );
    renderApp(`/demo-checkout/${id}`);

    expect(await screen.findByRole('button', { name: 'Save payment method' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /end the billing period/ })).not.toBeInTheDocument();
  });

  it('shows a plan per month', async () => {
    mockApi(
      {
        [sessionPath]: () =>
          jsonResponse(
            demoTopUpSession({
              kind: 'subscription',
              title: 'Premium plan — £29.99 per month',
              amountPence: 2999,
              tokens: 250_000,
              tier: 'premium',
            }),
          ),
      },
      signedInUser,
    );
    renderApp(`/demo-checkout/${id}`);

    expect(await screen.findByText('£29.99 per month')).toBeInTheDocument();
    expect(screen.getByText('250,000 per month')).toBeInTheDocument();
    expect(screen.getByText('Monthly plan')).toBeInTheDocument();
  });

  it('confirms, then lands on the returned redirectUrl with the success toast and the new balance', async () => {
    let tokensLeft = 10_000;
    const answer = deferred<Response>();
    mockApi({
      '/api/user': () => jsonResponse({ ...signedInUser, tokensLeft }),
      '/api/subscription': () => jsonResponse(subscriptionStatus({ tokensLeft })),
      [sessionPath]: () => jsonResponse(demoTopUpSession()),
      [confirmPath]: () => answer.promise,
    });
    const { router } = renderApp(`/demo-checkout/${id}`);
    const events = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Token balance: 10K tokens' })).toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    tokensLeft = 60_000;
    answer.resolve(
      jsonResponse({
        id,
        status: 'complete',
        duplicate: false,
        redirectUrl: `${window.location.origin}/subscription?checkout=success&kind=topup`,
        tier: 'free',
        tokensLeft,
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Token purchase successful!' }));
    expect(await screen.findByRole('button', { name: 'Token balance: 60K tokens' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('toasts a failed confirmation and stays', async () => {
    mockApi(
      {
        [sessionPath]: () => jsonResponse(demoTopUpSession()),
        [confirmPath]: () =>
          errorResponse(503, 'SERVICE_UNAVAILABLE', 'Billing is unavailable. Please try again.'),
      },
      signedInUser,
    );
    const { router } = renderApp(`/demo-checkout/${id}`);
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Payment failed',
        description: 'Billing is unavailable. Please try again.',
      }),
    );
    expect(router.state.location.pathname).toBe(`/demo-checkout/${id}`);
  });

  it('goes back to /subscription on Cancel', async () => {
    mockApi(
      {
        '/api/subscription': () => jsonResponse(premiumStatus()),
        [sessionPath]: () => jsonResponse(demoTopUpSession()),
      },
      signedInUser,
    );
    const { router } = renderApp(`/demo-checkout/${id}`);
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Checkout cancelled' }));
  });

  it("goes back to /subscription on the demo portal's Back, changing nothing", async () => {
    const fetchMock = mockApi(
      {
        '/api/subscription': () => jsonResponse(premiumStatus({ cancelAtPeriodEnd: true })),
        [sessionPath]: () =>
          jsonResponse(
            demoTopUpSession({
              kind: 'portal',
              portalFlow: 'cancel',
              actions: ['end-period-now'],
              amountPence: null,
              tokens: null,
              cancelUrl: `${window.location.origin}/subscription?checkout=cancelled&kind=portal`,
            }),
          ),
      },
      signedInUser,
    );
    const { router } = renderApp(`/demo-checkout/${id}`);
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'No changes made' }));
    expect(fetchMock.mock.calls.some(([url]) => url === confirmPath)).toBe(false);
  });

  it('is the demo billing portal for resuming a cancelled plan', async () => {
    const fetchMock = mockApi(
      {
        [sessionPath]: () =>
          jsonResponse(
            demoTopUpSession({
              kind: 'portal',
              portalFlow: 'resume',
              actions: ['confirm'],
              title: 'Resume your Premium plan (demo billing portal)',
              amountPence: null,
              tokens: null,
            }),
          ),
        [confirmPath]: () =>
          jsonResponse({
            id,
            status: 'complete',
            duplicate: false,
            redirectUrl: `${window.location.origin}/subscription?checkout=success&kind=portal`,
            tier: 'premium',
            tokensLeft: 245_000,
          }),
      },
      signedInUser,
    );
    renderApp(`/demo-checkout/${id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Resume plan' }));

    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === confirmPath)).toHaveLength(1));
    // A plain confirm (no action): the session's own flow resumes the plan.
    expect(sentBody(fetchMock, confirmPath)).toBeUndefined();
    expect(screen.queryByRole('group', { name: 'Demo only: end the billing period now' })).toBeNull();
  });

  it('explains an unknown or expired checkout', async () => {
    mockApi(
      { [sessionPath]: () => errorResponse(404, 'NOT_FOUND', 'Unknown or expired demo checkout') },
      signedInUser,
    );
    const { router } = renderApp(`/demo-checkout/${id}`);
    const events = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Checkout not available' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Back to pricing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('needs a signed-in user', async () => {
    mockApi();
    const { router } = renderApp(`/demo-checkout/${id}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(within(document.body).queryByText('Order summary')).not.toBeInTheDocument();
  });
});
