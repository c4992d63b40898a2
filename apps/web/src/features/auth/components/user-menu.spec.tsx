import { type SessionUser } from '@council/contracts';
import { hashKey } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { setCouncilSocket } from '@/lib/socket';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';
import { authKeys } from '../api/auth-keys';

const lastToast = () => useToastStore.getState().toasts[0];
const userCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/user').length;

async function openUserMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' }));
  return { user, menu: await screen.findByRole('menu') };
}

let socket: FakeCouncilSocket;

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  socket = new FakeCouncilSocket();
  setCouncilSocket(socket.asSocket());
});
afterEach(() => setCouncilSocket(null));

describe('signed-in header (spec §2)', () => {
  it('shows the token balance and a user menu instead of Log in / Sign up', async () => {
    mockApi({}, signedInUser);
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Token balance: 10K tokens' })).toHaveTextContent('10K');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();

    const { menu } = await openUserMenu();
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('falls back to the username when there is no name', async () => {
    mockApi({}, { ...signedInUser, name: null });
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Account menu: ada' })).toBeInTheDocument();
  });

  it('opens the balance dialog with the plan and an Upgrade Plan link', async () => {
    mockApi({}, { ...signedInUser, tokensLeft: 250 });
    renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Token balance: 250 tokens' }));

    const dialog = await screen.findByRole('dialog', { name: 'Token Balance' });
    expect(within(dialog).getByText('Free plan')).toBeInTheDocument();
    expect(within(dialog).getByText(/running low on tokens/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(dialog).queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });

  it('hides Upgrade Plan on the max tier', async () => {
    const maxUser: SessionUser = { ...signedInUser, subscriptionTier: 'max', tokensLeft: 1_000_000 };
    mockApi({}, maxUser);
    renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Token balance: 1M tokens' }));

    const dialog = await screen.findByRole('dialog', { name: 'Token Balance' });
    expect(within(dialog).getByText('Max plan')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
  });

  it('offers the same items in the mobile menu', async () => {
    mockApi({}, signedInUser);
    renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(sheet).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');
    expect(within(sheet).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(sheet).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(sheet).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('sign out (spec §4, §8)', () => {
  it('closes the socket, clears every cached query, sets the user to null and goes to /', async () => {
    const fetchMock = mockApi({ '/api/logout': () => jsonResponse({ message: 'Logged out' }) }, signedInUser);
    socket.connect();
    const { router, queryClient } = renderApp('/history');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' });
    queryClient.setQueryData(['questions', 'list'], [{ id: 1 }]);

    const { user, menu } = await openUserMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(visited).toContain('/');
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(queryClient.getQueryData(['questions', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
    // Its handshake carried this user's session: the next user must not inherit it.
    expect(socket.connected).toBe(false);
    // /auth, shown next, may already be asking which sign-ins exist: public, so it does not count.
    const kept = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.queryHash !== hashKey(authKeys.providers()));
    expect(kept.map((query) => query.queryKey)).toEqual([['auth', 'user']]);
    expect(userCalls(fetchMock)).toBe(1);
    expect(lastToast()).toMatchObject({
      title: 'Logged out',
      description: 'You have been successfully logged out.',
    });
    // /auth is a public page: a signed-out visitor sees the public header's Sign in.
    const [signIn] = await screen.findAllByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/auth');
  });

  it('signs out from the mobile menu too', async () => {
    mockApi({ '/api/logout': () => jsonResponse({ message: 'Logged out' }) }, signedInUser);
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Sign out' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Connection error during logout. Your session may have ended anyway.',
    ],
    [
      'any other failure',
      () => textResponse('', 500, 'Internal Server Error'),
      'Unable to log out properly. You can close your browser to end the session.',
    ],
  ])('toasts %s and keeps the session', async (_case, answer, description) => {
    mockApi({ '/api/logout': answer }, signedInUser);
    const { router, queryClient } = renderApp('/');

    const { user, menu } = await openUserMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Logout failed', description, variant: 'destructive' }),
    );
    expect(queryClient.getQueryData(['auth', 'user'])).toEqual(signedInUser);
    expect(router.state.location.pathname).toBe('/');
  });
});
