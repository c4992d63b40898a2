import { type BillingDemoPurchaseReply, type DemoPurchase } from '@council/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { subscriptionStatus } from '@/testing/billing.fixture';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

const ID = 'ch_demo_abcdefghijklmnopqrstuvwx';
const TITLE = 'Basic Pack — 50,000 tokens';
const lastToast = () => useToastStore.getState().toasts[0];

function purchase(overrides: Partial<DemoPurchase> = {}): DemoPurchase {
  return {
    id: ID,
    packId: 'tokens_50k',
    title: TITLE,
    tokens: 50_000,
    amountPence: 999,
    currency: 'gbp',
    createdAt: '2026-05-01T12:00:00.000Z',
    refundedPence: 0,
    dispute: null,
    revokedTokens: 0,
    debtTokens: 0,
    frozenTokens: 0,
    ...overrides,
  };
}

/**
 * A demo-mode account with one Basic Pack: `state` is what billing holds, changed by the handlers
 * as billing would (the balance with it).
 */
function renderDemo(initial: DemoPurchase = purchase(), demoMode = true) {
  let current = initial;
  let tokensLeft = 60_000;
  const reply = (next: DemoPurchase, left: number): Response => {
    const changed = JSON.stringify(next) !== JSON.stringify(current);
    current = next;
    tokensLeft = left;
    return jsonResponse({
      purchase: next,
      changed,
      tokensLeft,
      tokenDebt: next.debtTokens,
    } satisfies BillingDemoPurchaseReply);
  };
  const fetchMock = mockApi({
    '/api/user': () => jsonResponse({ ...signedInUser, tokensLeft }),
    '/api/subscription': () => jsonResponse(subscriptionStatus({ tokensLeft, demoMode })),
    '/api/billing/demo/purchases': () => jsonResponse({ purchases: [current] }),
    [`/api/billing/demo/purchases/${ID}/refund`]: (init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { amountPence?: number };
      return body.amountPence === 499
        ? reply(purchase({ refundedPence: 499, revokedTokens: 24_975 }), 35_025)
        : reply(purchase({ refundedPence: 999, revokedTokens: 50_000 }), 10_000);
    },
    [`/api/billing/demo/purchases/${ID}/dispute`]: (init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { outcome?: 'won' | 'lost' };
      if (!body.outcome) return reply(purchase({ dispute: 'open', frozenTokens: 50_000 }), 10_000);
      return body.outcome === 'won'
        ? reply(purchase({ dispute: 'won' }), 60_000)
        : reply(purchase({ dispute: 'lost', revokedTokens: 50_000 }), 10_000);
    },
  });
  renderApp('/subscription');
  return { fetchMock, events: userEvent.setup() };
}

const section = () => screen.findByRole('region', { name: 'Demo: your purchases' });
const purchaseRow = () => within(screen.getByRole('list', { name: 'Demo purchases' })).getByRole('listitem');

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('"Demo: your purchases" on /subscription (DECISIONS 27)', () => {
  it('lists the demo purchases with Refund and Dispute, clearly labelled as a demo', async () => {
    renderDemo();

    const card = await section();
    expect(within(card).getByText('Demo mode')).toBeInTheDocument();
    const row = await within(card).findByRole('listitem');
    expect(row).toHaveTextContent(TITLE);
    expect(row).toHaveTextContent('Paid £9.99 · Bought on 1 May 2026');
    expect(within(row).getByRole('button', { name: `Refund: ${TITLE}` })).toBeEnabled();
    expect(within(row).getByRole('button', { name: `Dispute: ${TITLE}` })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: /^Dispute won/ })).not.toBeInTheDocument();
  });

  it('refunds a purchase and shows the effect on the balance', async () => {
    const { events, fetchMock } = renderDemo();
    expect(await screen.findByRole('button', { name: 'Token balance: 60K tokens' })).toBeInTheDocument();

    await events.click(await screen.findByRole('button', { name: `Refund: ${TITLE}` }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Demo purchase updated' }));
    expect(sentBody(fetchMock, `/api/billing/demo/purchases/${ID}/refund`)).toEqual({});
    expect(await screen.findByRole('button', { name: 'Token balance: 10K tokens' })).toBeInTheDocument();
    const row = within(await section()).getByRole('listitem');
    await waitFor(() => expect(row).toHaveTextContent('Refunded in full · 50,000 tokens taken back'));
    expect(within(row).queryByRole('button', { name: `Refund: ${TITLE}` })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: `Dispute: ${TITLE}` })).not.toBeInTheDocument();
  });

  it('refunds half of a purchase: the tokens go in proportion, and the rest can still be refunded', async () => {
    const { events, fetchMock } = renderDemo();

    await events.click(await screen.findByRole('button', { name: `Refund £4.99 of ${TITLE}` }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Demo purchase updated' }));
    expect(sentBody(fetchMock, `/api/billing/demo/purchases/${ID}/refund`)).toEqual({ amountPence: 499 });
    expect(await screen.findByRole('button', { name: 'Token balance: 35K tokens' })).toBeInTheDocument();
    const row = within(await section()).getByRole('listitem');
    await waitFor(() => expect(row).toHaveTextContent('Refunded £4.99 · 24,975 tokens taken back'));
    // What is left (£5.00) can be refunded in full, or half of it.
    expect(within(row).getByRole('button', { name: `Refund: ${TITLE}` })).toBeEnabled();
    expect(within(row).getByRole('button', { name: `Refund £2.50 of ${TITLE}` })).toBeEnabled();
  });

  it('opens a dispute, which freezes the tokens, then closes it as won', async () => {
    const { events, fetchMock } = renderDemo();

    await events.click(await screen.findByRole('button', { name: `Dispute: ${TITLE}` }));

    expect(await screen.findByRole('button', { name: `Dispute won: ${TITLE}` })).toBeEnabled();
    expect(sentBody(fetchMock, `/api/billing/demo/purchases/${ID}/dispute`)).toEqual({});
    expect(screen.getByRole('button', { name: `Dispute lost: ${TITLE}` })).toBeEnabled();
    // As at Stripe, a disputed purchase cannot be refunded.
    expect(screen.queryByRole('button', { name: `Refund: ${TITLE}` })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Token balance: 10K tokens' })).toBeInTheDocument();
    expect(within(await section()).getByRole('listitem')).toHaveTextContent('50,000 tokens frozen');

    await events.click(screen.getByRole('button', { name: `Dispute won: ${TITLE}` }));

    expect(await screen.findByRole('button', { name: 'Token balance: 60K tokens' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(purchaseRow()).getByText(/Dispute won: tokens restored/)).toBeInTheDocument(),
    );
    const bodies = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/dispute'))
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([{}, { outcome: 'won' }]);
  });

  it('closes a dispute as lost', async () => {
    const { events } = renderDemo(purchase({ dispute: 'open', frozenTokens: 50_000 }));

    await events.click(await screen.findByRole('button', { name: `Dispute lost: ${TITLE}` }));

    await waitFor(() => expect(purchaseRow()).toHaveTextContent('Dispute lost: tokens taken back'));
    expect(screen.queryByRole('button', { name: `Refund: ${TITLE}` })).not.toBeInTheDocument();
  });

  it('toasts the server’s message when a control is refused', async () => {
    mockApi({
      '/api/user': () => jsonResponse(signedInUser),
      '/api/subscription': () => jsonResponse(subscriptionStatus({ demoMode: true })),
      '/api/billing/demo/purchases': () => jsonResponse({ purchases: [purchase()] }),
      [`/api/billing/demo/purchases/${ID}/refund`]: () =>
        errorResponse(409, 'CONFLICT', 'A disputed purchase cannot be refunded'),
    });
    renderApp('/subscription');
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: `Refund: ${TITLE}` }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error',
        description: 'A disputed purchase cannot be refunded',
        variant: 'destructive',
      }),
    );
  });

  it('says so when there are no demo purchases yet', async () => {
    mockApi({
      '/api/user': () => jsonResponse(signedInUser),
      '/api/subscription': () => jsonResponse(subscriptionStatus({ demoMode: true })),
      '/api/billing/demo/purchases': () => jsonResponse({ purchases: [] }),
    });
    renderApp('/subscription');

    expect(await within(await section()).findByText(/You have no demo purchases yet/)).toBeInTheDocument();
  });

  it('is not there outside demo mode, and asks for no purchases', async () => {
    const { fetchMock } = renderDemo(purchase(), false);

    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/subscription')).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Demo: your purchases' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/billing/demo/purchases')).toBe(false);
  });
});
