import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAskViewStore } from '@/features/ask/stores/ask-view-store';
import { historyItemFixture } from '@/testing/history.fixture';
import { jsonResponse, mockFetch, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

function mockApi() {
  return mockFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    if (url.pathname === '/api/user') return jsonResponse(signedInUser);
    if (url.pathname === '/api/questions') {
      return jsonResponse({ items: [historyItemFixture({ id: 42 })], nextCursor: null });
    }
    if (url.pathname === '/api/questions/42' && init?.method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    return textResponse('Not Found', 404, 'Not Found');
  });
}

describe('HistoryRoute', () => {
  afterEach(() => {
    useAskViewStore.getState().reset();
    sessionStorage.clear();
  });

  it('forgets a deleted question on the Ask screen too', async () => {
    mockApi();
    useAskViewStore.getState().show(42, signedInUser.username);
    renderApp('/history');
    const events = userEvent.setup();

    await events.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Delete question' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this question?' });
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(useAskViewStore.getState().current).toBeNull());
  });
});
