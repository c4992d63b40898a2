import { type HistoryConversation, type HistoryItem } from '@council/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { historyItemFixture } from '@/testing/history.fixture';
import { errorResponse } from '@/testing/mock-api';
import { jsonResponse, mockFetch, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

const lastToast = () => useToastStore.getState().toasts[0];

type Route = (url: URL, init?: RequestInit) => Response | Promise<Response> | undefined;

/** Routes by path and query: the user is signed in, `route` answers the rest (404 when it does not). */
function mockHistoryApi(route: Route) {
  return mockFetch((raw, init) => {
    const url = new URL(raw, 'http://localhost');
    if (url.pathname === '/api/user') return jsonResponse(signedInUser);
    return route(url, init) ?? textResponse('Not Found', 404, 'Not Found');
  });
}

const page = (items: HistoryItem[], nextCursor: string | null = null) => jsonResponse({ items, nextCursor });

/** A conversation whose first question was asked `minutesAgo` ago and whose latest turn `lastMinutesAgo` ago. */
function conversationFixture(
  overrides: Partial<HistoryConversation>,
  minutesAgo: number,
  lastMinutesAgo: number,
): HistoryConversation {
  const first = historyItemFixture(overrides, minutesAgo);
  return {
    followUps: 0,
    lastTurnStatus: first.status,
    lastTurnAt: new Date(Date.now() - lastMinutesAgo * 60_000).toISOString(),
    ...first,
    ...overrides,
  };
}
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/questions');

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('/history (spec §2)', () => {
  it('lists each question with its time, badges, council, Share and a link to the conversation', async () => {
    mockHistoryApi((url) =>
      url.pathname === '/api/questions'
        ? page([
            historyItemFixture({ id: 42, showDebate: true, showReasoning: true, isShared: true }, 5),
            historyItemFixture(
              {
                id: 41,
                question: 'What is a monad?',
                questionAgents: [],
                isShared: false,
                status: 'cancelled',
              },
              60 * 24 * 3,
            ),
          ])
        : undefined,
    );
    renderApp('/history');

    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    const [first, second] = await screen.findAllByRole('article');
    if (!first || !second) throw new Error('two items expected');

    expect(
      within(first).getByRole('heading', {
        name: 'Is tea better than coffee?',
      }),
    ).toBeInTheDocument();
    expect(within(first).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(first).getByText('Debate mode')).toBeInTheDocument();
    expect(within(first).getByText('Reasoning')).toBeInTheDocument();
    expect(within(first).getByText('Shared')).toBeInTheDocument();
    expect(within(first).queryByText('Individual responses')).not.toBeInTheDocument();
    expect(within(first).queryByText('Stopped')).not.toBeInTheDocument();
    const members = within(first).getByRole('list', {
      name: 'Council members',
    });
    expect(within(members).getAllByRole('listitem')).toHaveLength(3);
    expect(within(members).getByText('ChatGPT')).toBeInTheDocument();
    expect(within(members).getByText(/GPT-4o 2024-08/)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Delete question' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View full conversation' })).toHaveAttribute(
      'href',
      '/questions/42',
    );

    expect(within(second).getByText('3 days ago')).toBeInTheDocument();
    expect(within(second).getByText('Individual responses')).toBeInTheDocument();
    expect(within(second).queryByText('Shared')).not.toBeInTheDocument();
    expect(within(second).getByText('Stopped')).toBeInTheDocument();
    expect(within(second).getByText('Used the default Council configuration')).toBeInTheDocument();
    expect(screen.getByText('On the free plan, questions are kept for 30 days.')).toBeInTheDocument();
  });

  it('shows a conversation as one item: its first question, "N follow-ups", its latest turn\'s time and status', async () => {
    mockHistoryApi((url) =>
      url.pathname === '/api/questions'
        ? page([
            conversationFixture({ id: 42, followUps: 2, lastTurnStatus: 'cancelled' }, 60 * 24 * 3, 5),
            conversationFixture(
              {
                id: 40,
                question: 'What is a monad?',
                status: 'cancelled',
                followUps: 1,
                lastTurnStatus: 'completed',
              },
              60 * 24 * 5,
              60,
            ),
            historyItemFixture({ id: 39, question: 'Never followed up' }, 60 * 24 * 6),
          ])
        : undefined,
    );
    renderApp('/history');

    const [first, second, third] = await screen.findAllByRole('article');
    if (!first || !second || !third) throw new Error('three items expected');

    expect(
      within(first).getByRole('heading', {
        name: 'Is tea better than coffee?',
      }),
    ).toBeInTheDocument();
    expect(within(first).getByText('2 follow-ups')).toBeInTheDocument();
    // The latest turn: when it was asked, and that it was stopped.
    expect(within(first).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(first).queryByText('3 days ago')).not.toBeInTheDocument();
    expect(within(first).getByText('Stopped')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View full conversation' })).toHaveAttribute(
      'href',
      '/questions/42',
    );

    expect(within(second).getByRole('heading', { name: 'What is a monad?' })).toBeInTheDocument();
    expect(within(second).getByText('1 follow-up')).toBeInTheDocument();
    expect(within(second).getByText('about 1 hour ago')).toBeInTheDocument();
    // Its first question was stopped, its latest turn was not.
    expect(within(second).queryByText('Stopped')).not.toBeInTheDocument();

    expect(within(third).getByText('6 days ago')).toBeInTheDocument();
    expect(within(third).queryByText(/follow-up/)).not.toBeInTheDocument();
  });

  it('shows "No questions yet" with a link to ask the first one', async () => {
    mockHistoryApi((url) => (url.pathname === '/api/questions' ? page([]) : undefined));
    renderApp('/history');

    expect(await screen.findByRole('heading', { name: 'No questions yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask your first question' })).toHaveAttribute('href', '/');
  });

  it('reads a bare list (spec §7) as a single page', async () => {
    mockHistoryApi((url) =>
      url.pathname === '/api/questions' ? jsonResponse([historyItemFixture()]) : undefined,
    );
    renderApp('/history');

    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows "Error Loading History" with a Go Back Home link when the list fails', async () => {
    mockHistoryApi((url) =>
      url.pathname === '/api/questions' ? errorResponse(500, 'INTERNAL', 'Database unavailable') : undefined,
    );
    renderApp('/history');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading History' })).toBeInTheDocument();
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  });

  it('sends the search as ?search= once typing pauses, and says when nothing matches', async () => {
    const fetchMock = mockHistoryApi((url) => {
      if (url.pathname !== '/api/questions') return undefined;
      return url.searchParams.get('search') === 'monad' ? page([]) : page([historyItemFixture()]);
    });
    renderApp('/history');
    await screen.findAllByRole('article');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your questions' }), 'monad');

    expect(await screen.findByRole('heading', { name: 'No matching questions' })).toBeInTheDocument();
    const searches = listCalls(fetchMock).map((url) => url.searchParams.get('search'));
    // One call for the full list, one for the finished word: the keys in between were debounced.
    expect(searches).toEqual([null, 'monad']);
    expect(listCalls(fetchMock)[0]?.searchParams.get('limit')).toBe('20');
  });

  it('loads the next page with the cursor on "Load more"', async () => {
    const fetchMock = mockHistoryApi((url) => {
      if (url.pathname !== '/api/questions') return undefined;
      return url.searchParams.get('cursor') === 'c1'
        ? page([historyItemFixture({ id: 40, question: 'Older question' }, 90)])
        : page([historyItemFixture({ id: 42 })], 'c1');
    });
    renderApp('/history');
    await screen.findAllByRole('article');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('heading', { name: 'Older question' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('cursor')).toBe('c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('deletes after the confirm dialog, with the "Question deleted" toast', async () => {
    const fetchMock = mockHistoryApi((url, init) => {
      if (url.pathname === '/api/questions') return page([historyItemFixture({ id: 42 })]);
      if (url.pathname === '/api/questions/42' && init?.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    renderApp('/history');
    const item = await screen.findByRole('article');
    const events = userEvent.setup();

    await events.click(within(item).getByRole('button', { name: 'Delete question' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete this question?',
    });
    expect(
      within(dialog).getByText('Deleting removes the question and all its responses. This cannot be undone.'),
    ).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/questions/42',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(lastToast()).toMatchObject({
      title: 'Question deleted',
      description: 'The question has been successfully removed from your history.',
    });
    expect(screen.getByRole('heading', { name: 'No questions yet' })).toBeInTheDocument();
  });

  it('keeps the question and says why when the delete fails; Cancel deletes nothing', async () => {
    const fetchMock = mockHistoryApi((url, init) => {
      if (url.pathname === '/api/questions') return page([historyItemFixture({ id: 42 })]);
      if (url.pathname === '/api/questions/42' && init?.method === 'DELETE')
        return errorResponse(404, 'NOT_FOUND', 'Question not found');
      return undefined;
    });
    renderApp('/history');
    const item = await screen.findByRole('article');
    const events = userEvent.setup();

    await events.click(within(item).getByRole('button', { name: 'Delete question' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/questions/42', expect.anything());

    await events.click(within(item).getByRole('button', { name: 'Delete question' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete',
      }),
    );

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error deleting question',
        description: 'Question not found',
        variant: 'destructive',
      }),
    );
    // The dialog stays open to try again or cancel; the question is still listed behind it.
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('article', { hidden: true })).toBeInTheDocument();
  });
});
