import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

const signedOut = () => mockFetch(() => textResponse('Unauthorized', 401, 'Unauthorized'));

describe('app routes', () => {
  describe('redirects (DECISIONS 1 and 2)', () => {
    it.each([
      ['/features', '/product', 'Features'],
      ['/pricing', '/subscription', 'Pricing'],
      ['/meet-the-council', '/company', 'Meet the Council'],
      ['/subscribe', '/subscription', 'Pricing'],
    ])('%s lands on %s', async (from, to, heading) => {
      signedOut();
      const { router } = renderApp(from);

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(to);
    });

    it('keeps the query and #anchor', async () => {
      signedOut();
      const { router } = renderApp('/features?ref=header#features');

      await screen.findByRole('heading', { level: 1, name: 'Features' });
      expect(router.state.location).toMatchObject({
        pathname: '/product',
        search: '?ref=header',
        hash: '#features',
      });
    });
  });

  describe('protected screens', () => {
    it('send a signed-out visitor (401) to /auth', async () => {
      const fetchMock = signedOut();
      const { router } = renderApp('/');

      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth');
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/user',
        expect.objectContaining({ credentials: 'include' }),
      );
    });

    it.each(['/history', '/questions/42'])('guard %s too, keeping it as the way back', async (path) => {
      signedOut();
      const { router } = renderApp(path);

      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(router.state.location.pathname).toBe('/auth');
      expect(new URLSearchParams(router.state.location.search).get('return')).toBe(path);
    });

    it('treat an unreachable API as signed out', async () => {
      mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      const { router } = renderApp('/');

      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(router.state.location.pathname).toBe('/auth');
    });

    it('show a spinner while the session loads', async () => {
      mockFetch(() => new Promise<Response>(() => undefined));
      renderApp('/');

      expect(await screen.findByRole('status')).toHaveTextContent('Loading your session');
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    });

    it('send the visitor to /auth when the session lookup fails', async () => {
      mockFetch(() => textResponse('boom', 500, 'Internal Server Error'));
      const { router } = renderApp('/history');

      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    });

    it('render for a signed-in user, with History in the navigation', async () => {
      mockFetch(() => jsonResponse(signedInUser));
      const { router } = renderApp('/');

      expect(await screen.findByRole('heading', { level: 1, name: 'Ask The Council' })).toBeInTheDocument();
      expect(
        screen.getByText(
          'Get insights from multiple AI assistants for comprehensive answers to your questions.',
        ),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'History' })[0]).toHaveAttribute('href', '/history');
      expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    });
  });

  describe('public screens', () => {
    it('render the marketing and legal pages without a session, under the public header', async () => {
      signedOut();
      renderApp('/terms');

      expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
      // The page's own <header> inside <main> counts as a banner in jsdom; the site header comes first.
      const [header] = screen.getAllByRole('banner');
      if (!header) throw new Error('no site header');
      expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
      expect(within(header).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
      expect(within(header).queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
    });

    it('offer Log in and Sign up on the other screens', async () => {
      signedOut();
      renderApp('/no/such/page');

      const header = screen.getByRole('banner');
      expect(await within(header).findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
      expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
        'href',
        '/auth?form=register',
      );
      expect(within(header).queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
    });

    it('show the not-found screen for an unknown path', async () => {
      signedOut();
      const { router } = renderApp('/no/such/page');

      expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/no/such/page');
    });
  });
});
