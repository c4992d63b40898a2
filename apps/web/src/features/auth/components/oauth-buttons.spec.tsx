import { AUTH_SCREEN, type AuthProvidersResponse } from '@council/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { authKeys } from '../api/auth-keys';

const FORMS = [
  ['login', '/auth', 'Sign in'],
  ['register', '/auth?form=register', 'Create your account'],
] as const;

const link = (name: string) => screen.queryByRole('link', { name });
const divider = () => screen.queryByText(AUTH_SCREEN.oauth.divider);

/** Renders `path` and waits until the providers query has settled (answered or failed). */
async function renderSettled(path: string, heading: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  await waitFor(() =>
    expect(view.queryClient.getQueryState(authKeys.providers())?.status).toMatch(/^(success|error)$/),
  );
  return view;
}

describe('external sign-in buttons: only those the server has configured', () => {
  it.each(FORMS)('%s: none, and no divider, when neither is configured', async (_form, path, heading) => {
    const fetchMock = mockApi({
      '/api/auth/providers': () => jsonResponse({ google: false, apple: false }),
    });
    await renderSettled(path, heading);

    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/providers');
    expect(link(AUTH_SCREEN.oauth.google)).not.toBeInTheDocument();
    expect(link(AUTH_SCREEN.oauth.apple)).not.toBeInTheDocument();
    expect(divider()).not.toBeInTheDocument();
  });

  it.each([
    ['Google', { google: true, apple: false }, AUTH_SCREEN.oauth.google, AUTH_SCREEN.oauth.apple, 'google'],
    ['Apple', { google: false, apple: true }, AUTH_SCREEN.oauth.apple, AUTH_SCREEN.oauth.google, 'apple'],
  ] as const)(
    'only %s when only it is configured, keeping the return path',
    async (_name, providers: AuthProvidersResponse, shown, hidden, slug) => {
      mockApi({ '/api/auth/providers': () => jsonResponse(providers) });
      for (const [, path, heading] of FORMS) {
        const { unmount } = renderApp(`${path}${path.includes('?') ? '&' : '?'}return=%2Fsubscription`);
        await screen.findByRole('heading', { level: 1, name: heading });
        expect(await screen.findByRole('link', { name: shown })).toHaveAttribute(
          'href',
          `/api/auth/${slug}?return=%2Fsubscription`,
        );
        expect(link(hidden)).not.toBeInTheDocument();
        expect(divider()).toBeInTheDocument();
        unmount();
      }
    },
  );

  it.each([
    ['answers 404 (API not mounted)', () => mockApi()],
    [
      'cannot be reached',
      () => mockApi({ '/api/auth/providers': () => Promise.reject(new TypeError('Failed to fetch')) }),
    ],
  ])('shows none when the server %s', async (_case, mock) => {
    mock();
    await renderSettled('/auth', 'Sign in');

    expect(link(AUTH_SCREEN.oauth.google)).not.toBeInTheDocument();
    expect(link(AUTH_SCREEN.oauth.apple)).not.toBeInTheDocument();
    expect(divider()).not.toBeInTheDocument();
  });

  it('shows nothing while the answer is pending, then the configured buttons', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockApi({
      '/api/auth/providers': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/providers'));

    expect(link(AUTH_SCREEN.oauth.google)).not.toBeInTheDocument();
    expect(link(AUTH_SCREEN.oauth.apple)).not.toBeInTheDocument();
    expect(divider()).not.toBeInTheDocument();

    answer(jsonResponse({ google: true, apple: true }));
    expect(await screen.findByRole('link', { name: AUTH_SCREEN.oauth.google })).toBeInTheDocument();
    expect(link(AUTH_SCREEN.oauth.apple)).toBeInTheDocument();
    expect(divider()).toBeInTheDocument();
  });
});
