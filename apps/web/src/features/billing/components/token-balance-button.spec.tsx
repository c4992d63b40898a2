import { type SessionUser, TOKEN_BALANCE } from '@council/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { deferred } from '@/testing/billing.fixture';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';
import { browserLocation } from '../utils/browser-location';

const lastToast = () => useToastStore.getState().toasts[0];

async function openBalance(user: SessionUser, label: string) {
  const fetchMock = mockApi({ '/api/top-up-tokens': () => jsonResponse({ url: 'x' }) }, user);
  renderApp('/');
  const events = userEvent.setup();
  await events.click(await screen.findByRole('button', { name: `Token balance: ${label} tokens` }));
  return { events, fetchMock, dialog: await screen.findByRole('dialog', { name: 'Token Balance' }) };
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('token-balance button and dialog (spec §2, §9)', () => {
  it.each([
    [999, '999'],
    [1000, '1K'],
    [1500, '2K'],
    [60_000, '60K'],
    [1_000_000, '1M'],
    [1_010_000, '1.01M'],
  ])('shows %i tokens as %s', async (tokensLeft, label) => {
    mockApi({}, { ...signedInUser, tokensLeft });
    renderApp('/');
    expect(await screen.findByRole('button', { name: `Token balance: ${label} tokens` })).toHaveTextContent(
      label,
    );
  });

  it('fills the bar against the tier allowance and warns under 10 percent', async () => {
    const { dialog } = await openBalance(
      { ...signedInUser, subscriptionTier: 'premium', tokensLeft: 24_999 },
      '25K',
    );

    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(within(dialog).getByText('Plan allowance: 250K')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "You're running low on tokens. Consider purchasing more tokens or upgrading your plan.",
      ),
    ).toBeInTheDocument();
  });

  it('shows what can be spent, with a running question’s reservation apart', async () => {
    mockApi({}, { ...signedInUser, tokensLeft: 7_750, reservedTokens: 2_250 });
    renderApp('/');
    const button = await screen.findByRole('button', {
      name: 'Token balance: 8K tokens, 2K tokens reserved for the running question',
    });
    expect(button).toHaveTextContent('8K');
    expect(button).toHaveTextContent('2K reserved');
    await userEvent.setup().click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Available to spend')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/2K tokens are reserved for the question that is running/),
    ).toBeInTheDocument();
  });

  it('does not warn at exactly 10 percent', async () => {
    const { dialog } = await openBalance(
      { ...signedInUser, subscriptionTier: 'premium', tokensLeft: 25_000 },
      '25K',
    );
    expect(within(dialog).queryByText(/running low/)).not.toBeInTheDocument();
  });

  it('shows nothing to spend on a free account past its free queries without a pack, the trial tokens ended (DECISIONS 24)', async () => {
    const { dialog } = await openBalance({ ...signedInUser, queriesLeft: 0, tokensLeft: 7_000 }, '0');

    expect(screen.getByTestId('balance-spendable')).toHaveTextContent('0');
    expect(within(dialog).getByText('Available to spend')).toBeInTheDocument();
    expect(within(dialog).getByText(/^0/)).toHaveTextContent('0 tokens');
    expect(within(dialog).queryByText(/7K/)).not.toBeInTheDocument();
    expect(within(dialog).getByText(TOKEN_BALANCE.trialTokensEnded)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows only the purchased tokens past the free queries once a pack is bought (DECISIONS 24)', async () => {
    const { dialog } = await openBalance(
      { ...signedInUser, queriesLeft: 0, tokensLeft: 57_000, purchasedTokens: 50_000 },
      '50K',
    );

    expect(within(dialog).getByText(/^50K/)).toHaveTextContent('50K tokens');
    expect(within(dialog).queryByText(/57K/)).not.toBeInTheDocument();
    expect(within(dialog).getByText(TOKEN_BALANCE.trialTokensEnded)).toBeInTheDocument();
  });

  it('counts the whole balance while free queries are left, with no trial line', async () => {
    const { dialog } = await openBalance(
      { ...signedInUser, queriesLeft: 1, tokensLeft: 57_000, purchasedTokens: 50_000 },
      '57K',
    );
    expect(within(dialog).queryByText(TOKEN_BALANCE.trialTokensEnded)).not.toBeInTheDocument();
  });

  it.each([
    ['free', false, true],
    ['premium', true, true],
    ['max', true, false],
  ] as const)('on %s: Buy More Tokens %s, Upgrade Plan %s', async (tier, buy, upgrade) => {
    const { dialog } = await openBalance({ ...signedInUser, subscriptionTier: tier }, '10K');

    expect(within(dialog).queryByRole('button', { name: 'Buy More Tokens' }) !== null).toBe(buy);
    const link = within(dialog).queryByRole('link', { name: 'Upgrade Plan' });
    expect(link !== null).toBe(upgrade);
    if (link) expect(link).toHaveAttribute('href', '/subscription');
  });
});

describe('token purchase dialog (spec §4, §5, §8)', () => {
  const premium: SessionUser = { ...signedInUser, subscriptionTier: 'premium', tokensLeft: 200_000 };

  async function openPurchase(answer: () => Response | Promise<Response>) {
    const fetchMock = mockApi({ '/api/top-up-tokens': answer }, premium);
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderApp('/');
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Token balance: 200K tokens' }));
    await events.click(
      within(await screen.findByRole('dialog', { name: 'Token Balance' })).getByRole('button', {
        name: 'Buy More Tokens',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buy More Tokens' });
    return { events, fetchMock, assign, dialog };
  }

  it('lists the five packs with tokens_50k selected', async () => {
    const { dialog } = await openPurchase(() => jsonResponse({ url: 'https://checkout.test/1' }));

    const radios = within(dialog).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(within(dialog).getByRole('radio', { name: /Basic Pack/ })).toBeChecked();
    expect(within(dialog).getByText('£69.99')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Buy for £9.99' })).toBeEnabled();
  });

  it('shows "Processing..." with every button disabled, then redirects to the hosted url and closes', async () => {
    const answer = deferred<Response>();
    const { events, fetchMock, assign, dialog } = await openPurchase(() => answer.promise);

    await events.click(within(dialog).getByRole('radio', { name: /Plus Pack/ }));
    await events.click(within(dialog).getByRole('button', { name: 'Buy for £29.99' }));

    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /Basic Pack/ })).toBeDisabled();
    expect(sentBody(fetchMock, '/api/top-up-tokens')).toEqual({ packageId: 'tokens_300k' });

    answer.resolve(jsonResponse({ url: 'https://checkout.test/s1', sessionId: 'cs_1' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.test/s1'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Buy More Tokens' })).not.toBeInTheDocument(),
    );
  });

  it.each([
    [
      'the server message',
      () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'Stripe is down'),
      'Stripe is down',
    ],
    [
      '"Failed to initiate payment" for a non-OK answer without one',
      () => textResponse('', 500),
      'Failed to initiate payment',
    ],
    [
      'the missing-url text when neither url nor sessionId comes back',
      () => jsonResponse({}),
      'No checkout URL or session ID returned from server',
    ],
    [
      'the fallback for a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'There was an error processing your payment',
    ],
  ])('toasts "Payment failed" with %s and stays open', async (_case, answer, description) => {
    const { events, assign, dialog } = await openPurchase(answer);

    await events.click(within(dialog).getByRole('button', { name: 'Buy for £9.99' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Payment failed', description, variant: 'destructive' }),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Buy for £9.99' })).toBeEnabled();
  });
});
