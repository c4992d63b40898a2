import { PAYMENT_ISSUE_BANNER, SERVER_MESSAGES, type SessionUser } from '@council/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { useAskViewStore } from '@/features/ask/stores/ask-view-store';
import { useCouncilStore } from '@/features/ask/stores/council-store';
import { setCouncilSocket } from '@/lib/socket';
import { agentsFixture, askResultFixture, modelsFixture, rolesFixture } from '@/testing/ask.fixture';
import { deferred, premiumStatus } from '@/testing/billing.fixture';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

let socket: FakeCouncilSocket;

beforeEach(() => {
  useCouncilStore.getState().reset();
  useAskViewStore.getState().reset();
  useToastStore.setState({ toasts: [] });
  socket = new FakeCouncilSocket();
  setCouncilSocket(socket.asSocket());
});
afterEach(() => setCouncilSocket(null));

const catalogueHandlers = {
  '/api/agents': () => jsonResponse(agentsFixture),
  '/api/models': () => jsonResponse(modelsFixture),
  '/api/roles': () => jsonResponse(rolesFixture),
};

async function openAsk(user: SessionUser, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ ...catalogueHandlers, ...handlers }, user);
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Ask The Council' });
  await screen.findByRole('group', { name: 'Member 3' });
  return { ...view, fetchMock };
}

const lastToast = () => useToastStore.getState().toasts[0];

describe('Ask screen', () => {
  it('shows the heading, the trial banner and the default council, fixed for free users', async () => {
    await openAsk(signedInUser);
    expect(
      screen.getByText(
        'Get insights from multiple AI assistants for comprehensive answers to your questions.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('5 of 5 free queries left')).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Member 1' });
    expect(within(first).getByRole('combobox', { name: 'Agent' })).toHaveValue('1');
    expect(within(first).getByRole('combobox', { name: 'Agent' })).toBeDisabled();
    expect(
      within(screen.getByRole('group', { name: 'Member 2' })).getByRole('combobox', { name: 'Model' }),
    ).toHaveValue('31');
    expect(screen.getByRole('checkbox', { name: /Debate mode/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Show reasoning/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveStyle({ minHeight: '120px' });
  });

  it('refuses an empty question with "Please enter a question"', async () => {
    const { fetchMock } = await openAsk(signedInUser);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Please enter a question' });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/questions')).toBe(false);
  });

  it('does not offer a free user an Add agent that could only fail (the council is fixed)', async () => {
    await openAsk(signedInUser);
    expect(screen.getByRole('button', { name: 'Add agent' })).toBeDisabled();
    expect(
      screen.getByText(
        'The free plan asks the three default assistants. Upgrade to choose your own council.',
      ),
    ).toBeInTheDocument();
  });

  it('submits the default council, shows "Asking..." and the skeleton, then live cards', async () => {
    const reply = deferred<Response>();
    const { fetchMock } = await openAsk(signedInUser, { '/api/questions': () => reply.promise });
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      '  Is tea better than coffee? ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));

    expect(await screen.findByRole('button', { name: 'Asking...' })).toBeDisabled();
    expect(screen.getByText('The council is gathering')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/questions')).toEqual({
      question: 'Is tea better than coffee?',
      showDebate: false,
      showReasoning: false,
      agents: [
        { agentId: 1, modelId: 11, order: 0 },
        { agentId: 3, modelId: 31, order: 1 },
        { agentId: 4, modelId: 41, order: 2 },
      ],
    });

    reply.resolve(jsonResponse(askResultFixture(), 201));
    expect(await screen.findByRole('article', { name: 'Grok' })).toBeInTheDocument();
    await waitFor(() => expect(socket.subscriptions).toEqual([{ questionId: 42 }]));

    // One question at a time: the button stays pending while the answers run, and a second submit
    // (Ctrl+Enter included) sends nothing.
    expect(screen.getByRole('button', { name: 'Asking...' })).toBeDisabled();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      '{Control>}{Enter}{/Control}',
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/questions'))).toHaveLength(1);

    await act(async () => {
      socket.stream({ type: 'question:completed', questionId: 42, entryId: '9-0', totalTokensUsed: 120 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByRole('button', { name: 'Ask the Council' })).toBeEnabled();
  });

  it('names its socket in the ask and shows the first words that arrive before the answer', async () => {
    const reply = deferred<Response>();
    socket.id = 'socket-1';
    const { fetchMock } = await openAsk(signedInUser, { '/api/questions': () => reply.promise });
    // The socket opens with the ask screen, so the first ask can name it.
    expect(socket.connected).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Tea?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, '/api/questions')).toMatchObject({ socketId: 'socket-1' }),
    );

    const delta = (entryId: string, text: string) => ({
      type: 'answer:delta',
      questionId: 42,
      entryId,
      memberOrder: 0,
      round: 0,
      kind: 'text',
      text,
    });
    // The gateway streams to the named socket while the POST is still being answered.
    act(() => socket.stream(delta('1-0', 'Tea '), delta('1-1', 'first')));
    await act(async () => {
      reply.resolve(jsonResponse(askResultFixture(), 201));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const card = await screen.findByRole('article', { name: 'ChatGPT' });
    expect(within(card).getByText('Tea first')).toBeInTheDocument();
    // The results subscribe from what they have, and hold the ask's listener: one for the question.
    await waitFor(() => expect(socket.subscriptions).toEqual([{ questionId: 42, lastEntryId: '1-1' }]));
    expect(socket.listenerCount('question:events')).toBe(1);
    act(() => socket.stream(delta('1-1', 'first'), delta('2-0', ', then more')));
    expect(await within(card).findByText('Tea first, then more')).toBeInTheDocument();
  });

  it('asks without a socket id while the socket is not connected, and stops listening on failure', async () => {
    socket.id = 'socket-1';
    const { fetchMock } = await openAsk(signedInUser, {
      '/api/questions': () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'Down'),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Tea?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error' }));
    expect(sentBody(fetchMock, '/api/questions')).toMatchObject({ socketId: 'socket-1' });
    expect(socket.listenerCount('question:events')).toBe(0);

    socket.connected = false;
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/questions')).toHaveLength(2),
    );
    const second = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/questions')[1];
    expect(JSON.parse(String(second?.[1]?.body))).not.toHaveProperty('socketId');
  });

  it('asks with Ctrl+Enter (Cmd+Enter on a Mac) from the question box', async () => {
    const { fetchMock } = await openAsk(signedInUser, {
      '/api/questions': () => jsonResponse(askResultFixture(), 201),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Tea?{Meta>}{Enter}{/Meta}');
    expect(await screen.findByRole('article', { name: 'Grok' })).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/questions')).toMatchObject({ question: 'Tea?' });
  });

  it('still shows the last question after visiting another screen', async () => {
    const { router } = await openAsk(signedInUser, {
      '/api/questions': () => jsonResponse(askResultFixture(), 201),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Tea?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    await screen.findByRole('article', { name: 'Grok' });
    await act(() => router.navigate('/support'));
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('article', { name: 'Grok' })).toBeInTheDocument();
  });

  it('lets a max user add up to the catalogue and remove while more than 3 remain', async () => {
    await openAsk({ ...signedInUser, subscriptionTier: 'max' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grok' }));
    expect(lastToast()).toMatchObject({
      title: 'Cannot remove agent',
      description: 'At least 3 agents are required',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add agent' }));
    expect(screen.getByRole('group', { name: 'Member 4' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add agent' }));
    // Every agent is seated: the reason replaces a button that could only refuse.
    expect(screen.queryByRole('button', { name: 'Add agent' })).not.toBeInTheDocument();
    expect(screen.getByText('Every available agent is on your council')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove ChatGPT' }));
    expect(screen.queryByRole('group', { name: 'Member 5' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Member 1' })).getByRole('combobox', { name: 'Agent' }),
    ).toHaveValue('3');
  });

  it('shows the server message when the submission fails', async () => {
    await openAsk(signedInUser, {
      '/api/questions': () =>
        jsonResponse({ statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' }, 402),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Why?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Error', description: 'Not enough tokens' }),
    );
  });

  it('sends the Stop at cap with the question', async () => {
    const { fetchMock } = await openAsk(signedInUser, {
      '/api/questions': () => jsonResponse(askResultFixture({ tokenCap: 2500 }), 201),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Tea?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Stop at tokens' }), '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    expect(await screen.findByRole('article', { name: 'Grok' })).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/questions')).toMatchObject({ question: 'Tea?', tokenCap: 2500 });
  });

  it('shows the server’s refusal of a cap above the balance like other ask errors', async () => {
    // The balance moved on the server after the page loaded: the form let the cap through.
    await openAsk(signedInUser, {
      '/api/questions': () =>
        jsonResponse(
          { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: SERVER_MESSAGES.tokenCapAboveBalance },
          402,
        ),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Why?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Stop at tokens' }), '9000');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error',
        description: SERVER_MESSAGES.tokenCapAboveBalance,
      }),
    );
  });

  it('a session that ended (401) forgets the user and leads to sign in', async () => {
    const { router } = await openAsk(signedInUser, {
      '/api/questions': () =>
        jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentication required' }, 401),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Still there?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByRole('button', { name: /^Account menu/ })).not.toBeInTheDocument();
  });

  it('says when the council members cannot be loaded, asks nothing, and loads them on Try again', async () => {
    let modelsUp = false;
    mockApi(
      {
        ...catalogueHandlers,
        '/api/models': () =>
          modelsUp
            ? jsonResponse(modelsFixture)
            : jsonResponse({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }, 503),
      },
      signedInUser,
    );
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The council members could not be loaded.');
    expect(screen.getByRole('button', { name: 'Ask the Council' })).toBeDisabled();

    modelsUp = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Member 3' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask the Council' })).toBeEnabled();
  });

  it('lets a premium user debate with a chosen leader, a role and another agent', async () => {
    const premium = { ...signedInUser, subscriptionTier: 'premium' as const };
    const { fetchMock } = await openAsk(premium, {
      '/api/questions': () => jsonResponse(askResultFixture({ showDebate: true }), 201),
    });
    expect(screen.queryByText(/free queries left/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Debate leader' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: /Debate mode/ }));
    const second = screen.getByRole('group', { name: 'Member 2' });
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Agent' }), '5');
    expect(within(second).getByRole('combobox', { name: 'Model' })).toHaveValue('51');
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Role' }), '7');
    await userEvent.click(within(second).getByRole('button', { name: 'Debate leader' }));
    expect(within(second).getByRole('button', { name: 'Debate leader' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    // Premium seats 3: the limit is shown instead of a button that always answers "Maximum agents reached".
    expect(screen.queryByRole('button', { name: 'Add agent' })).not.toBeInTheDocument();
    expect(screen.getByText('3 agents: the most your plan seats')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'Tea?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    expect(await screen.findByRole('tab', { name: 'Consensus' })).toHaveAttribute('aria-selected', 'true');
    expect(sentBody(fetchMock, '/api/questions')).toEqual({
      question: 'Tea?',
      showDebate: true,
      showReasoning: false,
      debateLeaderId: 5,
      agents: [
        { agentId: 1, modelId: 11, order: 0 },
        { agentId: 5, modelId: 51, roleId: 7, order: 1 },
        { agentId: 4, modelId: 41, order: 2 },
      ],
    });
  });
});

describe('the Ask screen of a plan whose renewal failed', () => {
  it('shows the failed-payment banner, and not to a plan in good standing', async () => {
    const premium: SessionUser = { ...signedInUser, subscriptionTier: 'premium' };
    await openAsk(premium, {
      '/api/subscription': () => jsonResponse(premiumStatus({ status: 'past_due' })),
    });
    expect(await screen.findByRole('alert', { name: PAYMENT_ISSUE_BANNER.title })).toBeInTheDocument();
  });

  it('is quiet for a plan in good standing', async () => {
    const premium: SessionUser = { ...signedInUser, subscriptionTier: 'premium' };
    const { fetchMock } = await openAsk(premium, {
      '/api/subscription': () => jsonResponse(premiumStatus({ status: 'active' })),
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/subscription')).toBe(true),
    );
    expect(screen.queryByRole('alert', { name: PAYMENT_ISSUE_BANNER.title })).not.toBeInTheDocument();
  });
});
