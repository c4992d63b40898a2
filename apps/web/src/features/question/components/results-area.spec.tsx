import {
  AGREEMENT_MAP,
  BALANCE_STOP_TEXTS,
  QUESTION_CANCELLED_MESSAGE,
  TOKEN_CAP_TEXTS,
} from '@council/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useToastStore } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { userKeys } from '@/lib/auth';
import { setCouncilSocket } from '@/lib/socket';
import { askResultFixture } from '@/testing/ask.fixture';
import { questionDetailFixture, responseRowFixture } from '@/testing/history.fixture';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { questionKeys } from '../api/question-keys';
import { createQuestionStream } from '../state/question-seed';
import { ResultsArea } from './results-area';

let socket: FakeCouncilSocket;

beforeEach(() => {
  socket = new FakeCouncilSocket();
  setCouncilSocket(socket.asSocket());
});
afterEach(() => setCouncilSocket(null));

function renderResults(
  overrides: Parameters<typeof askResultFixture>[0] = {},
  tier: 'free' | 'premium' = 'premium',
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(questionKeys.stream(42), createQuestionStream(askResultFixture(overrides)));
  const onRefresh = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <MemoryRouter>
          <ResultsArea questionId={42} tier={tier} onRefresh={onRefresh} />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { queryClient, onRefresh };
}

const meta = (entryId: string) => ({ questionId: 42, entryId });
/** Plays a server event and lets TanStack Query's batched notification (a 0 ms timeout) reach React. */
const play = (event: string, payload: object) =>
  act(async () => {
    socket.stream({ type: event, ...payload });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('ResultsArea after a reload (empty cache, the POST answer kept in the tab)', () => {
  it('shows the members from the kept answer and replays the stream from its first entry', async () => {
    const queryClient = createQueryClient();
    const fetchMock = mockApi();
    render(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <MemoryRouter>
            <ResultsArea questionId={42} asked={askResultFixture()} tier="premium" onRefresh={vi.fn()} />
          </MemoryRouter>
        </TooltipProvider>
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(socket.subscriptions).toEqual([{ questionId: 42 }]);
    // No REST read of the question (the catalogue may be read, for the demo labels).
    const reads = fetchMock.mock.calls.map(([url]) => String(url));
    expect(reads.filter((url) => url.startsWith('/api/questions'))).toEqual([]);
    await play('answer:delta', { ...meta('1-0'), memberOrder: 0, round: 0, kind: 'text', text: 'Tea' });
    expect(within(screen.getByRole('article', { name: 'ChatGPT' })).getByText('Tea')).toBeInTheDocument();
  });
});

describe('ResultsArea shows the question it answers', () => {
  it('with its options, whatever the form above says (after a reload, during a pause)', () => {
    renderResults({
      question: 'Tea or coffee?',
      showDebate: true,
      showReasoning: true,
      weighIn: true,
      tokenCap: 4000,
    });
    const asked = screen.getByRole('region', { name: 'You asked' });
    expect(asked).toHaveTextContent('Tea or coffee?');
    const options = within(asked).getByRole('list', { name: 'Question options' });
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Debate mode', 'Reasoning', 'Weigh-in', 'Stops at 4,000 tokens']);
  });
});

describe('ResultsArea', () => {
  it('subscribes and grows each card as deltas arrive, then shows the token counts', async () => {
    renderResults();
    expect(socket.subscriptions).toEqual([{ questionId: 42 }]);
    const card = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(card).getByText('Queued')).toBeInTheDocument();
    expect(within(card).getByText('GPT-4o 2024-08')).toBeInTheDocument();

    await play('answer:delta', {
      ...meta('1-0'),
      memberOrder: 0,
      round: 0,
      kind: 'text',
      text: '**Tea** is',
    });
    await play('answer:delta', { ...meta('1-1'), memberOrder: 0, round: 0, kind: 'text', text: ' calmer.' });
    expect(within(card).getByText('Streaming')).toBeInTheDocument();
    expect(within(card).getByText('Tea').tagName).toBe('STRONG');
    expect(within(card).getByText(/is calmer\./)).toBeInTheDocument();
    expect(within(card).queryByText(/Total tokens/)).not.toBeInTheDocument();

    await play('answer:completed', {
      ...meta('2-0'),
      memberOrder: 0,
      round: 0,
      responseId: 500,
      promptTokens: 0,
      completionTokens: 20,
      totalTokens: 20,
    });
    expect(within(card).getByText('Done')).toBeInTheDocument();
    expect(within(card).getByText('Completion tokens:')).toBeInTheDocument();
    expect(within(card).queryByText('Prompt tokens:')).not.toBeInTheDocument();
  });

  it('applies every event of a frame in order, skipping entries it has already applied', async () => {
    renderResults();
    const delta = (entryId: string, memberOrder: number, text: string) => ({
      type: 'answer:delta',
      ...meta(entryId),
      memberOrder,
      round: 0,
      kind: 'text',
      text,
    });
    await act(async () => {
      socket.stream(delta('1-0', 0, 'Tea'), delta('1-1', 1, 'Coffee'), delta('1-2', 0, ' first'));
      // A replay overlapping what the last frame brought: only 1-3 is new.
      socket.stream(delta('1-1', 1, 'Coffee'), delta('1-2', 0, ' first'), delta('1-3', 1, ' wins'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(
      within(screen.getByRole('article', { name: 'ChatGPT' })).getByText('Tea first'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Claude' })).getByText('Coffee wins'),
    ).toBeInTheDocument();
  });

  it('re-subscribes after a reconnect with the last entry id, so nothing is duplicated', async () => {
    renderResults();
    await play('answer:delta', { ...meta('1-0'), memberOrder: 1, round: 0, kind: 'text', text: 'Coffee' });
    await act(async () => socket.reconnect());
    expect(socket.subscriptions.at(-1)).toEqual({ questionId: 42, lastEntryId: '1-0' });
    await play('answer:delta', { ...meta('1-0'), memberOrder: 1, round: 0, kind: 'text', text: 'Coffee' });
    expect(within(screen.getByRole('article', { name: 'Claude' })).getByText('Coffee')).toBeInTheDocument();
  });

  it('shows the Service Issue card and retries a failed member', async () => {
    const fetchMock = mockApi({
      '/api/questions/42/responses/601/retry': () => jsonResponse({ ok: true }, 202),
    });
    renderResults();
    await play('answer:failed', {
      ...meta('1-0'),
      memberOrder: 1,
      round: 0,
      responseId: 601,
      error: 'Provider down',
    });
    const card = screen.getByRole('article', { name: 'Claude' });
    expect(within(card).getByText('Service Issue')).toBeInTheDocument();
    expect(within(card).getByText('Service Unavailable')).toBeInTheDocument();
    expect(
      within(card).getByText('The other AI models are still available to answer your question.'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/questions/42/responses/601/retry',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await within(card).findByText('Thinking')).toBeInTheDocument();
  });

  it('shows the red panel when no answer got through', async () => {
    const { onRefresh } = renderResults();
    await play('question:failed', { ...meta('1-0'), error: 'Everything failed', reason: 'error' });
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('Error processing your question')).toBeInTheDocument();
    expect(within(panel).getByText('Everything failed')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    await userEvent.click(within(panel).getByRole('button', { name: 'Refresh page' }));
    expect(onRefresh).toHaveBeenCalled();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('with debate: Consensus tab by default, Individual Responses on click, the round running and the log', async () => {
    renderResults({ showDebate: true, debateLeaderId: 3 });
    const consensusTab = screen.getByRole('tab', { name: 'Consensus' });
    expect(consensusTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('article', { name: 'Council Consensus' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'ChatGPT' })).not.toBeInTheDocument();

    await play('answer:delta', { ...meta('1-0'), memberOrder: 0, round: 0, kind: 'text', text: 'Tea.' });
    await play('debate:round', { ...meta('2-0'), round: 1, status: 'started' });
    await play('answer:delta', {
      ...meta('2-1'),
      memberOrder: 0,
      round: 1,
      kind: 'text',
      text: 'Revised: tea.',
    });
    expect(screen.getByText('Debate round 1 in progress')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Debate log' })).toHaveTextContent('Revised: tea.');

    await play('consensus:failed', { ...meta('3-0'), responseId: null, error: 'no agreement' });
    expect(screen.getByText('Consensus Formation Failed')).toBeInTheDocument();
    const note = screen.getByText('Individual AI responses are still available above.');
    // "above" holds in the tab that says it: the members' cards come first there.
    const memberCard = screen.getByRole('article', { name: 'ChatGPT' });
    expect(memberCard.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Individual Responses' }));
    const card = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(card).getByText('Round 1')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Claude' })).getByText('Debate leader'),
    ).toBeInTheDocument();
  });

  it('with debate: draws the agreement map under the consensus card as the leader writes it', async () => {
    renderResults({ showDebate: true, debateLeaderId: 3 });
    const stance = (memberOrder: number, stance: string, reason: string | null = null) => ({
      memberOrder,
      stance,
      reason,
      changedInRound: null,
    });
    const claim = (text: string) => ({
      claim: text,
      stances: [stance(0, 'supports'), stance(1, 'opposes', 'Coffee is tastier.'), stance(2, 'silent')],
    });
    await play('answer:delta', { ...meta('1-0'), memberOrder: 0, round: 0, kind: 'text', text: 'Tea.' });
    await play('consensus:delta', { ...meta('2-0'), kind: 'text', text: 'Mostly tea.' });
    expect(screen.queryByRole('region', { name: AGREEMENT_MAP.heading })).not.toBeInTheDocument();

    await play('agreement:claim', { ...meta('3-0'), index: 0, claim: claim('A malformed try') });
    const region = screen.getByRole('region', { name: AGREEMENT_MAP.heading });
    expect(within(region).getByRole('status')).toHaveTextContent(AGREEMENT_MAP.mapping);
    expect(within(region).getByText('A malformed try')).toBeInTheDocument();
    const consensus = screen.getByRole('article', { name: 'Council Consensus' });
    expect(consensus.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await play('agreement:reset', { ...meta('3-1'), attempt: 2 });
    expect(screen.queryByText('A malformed try')).not.toBeInTheDocument();
    await play('agreement:claim', { ...meta('3-2'), index: 0, claim: claim('Tea is calmer.') });
    expect(screen.getByText('Tea is calmer.')).toBeInTheDocument();

    await play('agreement:completed', {
      ...meta('3-3'),
      map: { status: 'mapped', claims: [claim('Tea is calmer.')] },
    });
    expect(screen.queryByText(AGREEMENT_MAP.mapping)).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: AGREEMENT_MAP.caption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Claim', 'ChatGPT', 'Claude', 'Grok']);
    expect(screen.getByText('50% agreement')).toBeInTheDocument();
    expect(screen.getByText('Claude:')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'ChatGPT' }));
    expect(await screen.findByRole('dialog', { name: "ChatGPT's final answer" })).toHaveTextContent('Tea.');
  });

  it('a debate stopped before its consensus opens on the members’ kept answers', async () => {
    renderResults({ showDebate: true, debateLeaderId: 3 });
    await play('answer:delta', {
      ...meta('1-0'),
      memberOrder: 0,
      round: 0,
      kind: 'text',
      text: 'Tea, so far',
    });
    await play('question:failed', { ...meta('2-0'), error: QUESTION_CANCELLED_MESSAGE, reason: 'cancelled' });
    expect(await screen.findByRole('tab', { name: 'Individual Responses' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(card).getByText('Tea, so far')).toBeInTheDocument();
    expect(within(card).getByText('Stopped')).toBeInTheDocument();
  });

  it('without debate lists only the individual responses', () => {
    renderResults();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('Stop cancels the question and keeps partial answers', async () => {
    const fetchMock = mockApi({ '/api/questions/42/cancel': () => jsonResponse({ ok: true }) });
    renderResults();
    await play('answer:delta', {
      ...meta('1-0'),
      memberOrder: 0,
      round: 0,
      kind: 'text',
      text: 'Half an answer',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/questions/42/cancel',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findAllByText('Stopped')).toHaveLength(3);
    expect(screen.getByText('Half an answer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(socket.unsubscriptions).toEqual([42]);
  });

  it('the stream’s stop event keeps the answers, marked stopped, with no error panel', async () => {
    renderResults();
    await play('answer:delta', {
      ...meta('1-0'),
      memberOrder: 1,
      round: 0,
      kind: 'text',
      text: 'Half of it',
    });
    await play('question:failed', { ...meta('2-0'), error: QUESTION_CANCELLED_MESSAGE, reason: 'cancelled' });
    expect(await screen.findAllByText('Stopped')).toHaveLength(3);
    expect(screen.getByText('Half of it')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('once stopped, shows what each stopped answer was charged, read back from the stored rows', async () => {
    const detail = questionDetailFixture({ status: 'cancelled' });
    detail.answers = [
      responseRowFixture({
        id: 500,
        memberOrder: 0,
        status: 'failed',
        error: QUESTION_CANCELLED_MESSAGE,
        response: 'Half an answer',
        promptTokens: 40,
        completionTokens: 7,
        totalTokens: 47,
      }),
    ];
    const fetchMock = mockApi({ '/api/questions/42': () => jsonResponse(detail) });
    renderResults();
    await play('answer:delta', {
      ...meta('1-0'),
      memberOrder: 0,
      round: 0,
      kind: 'text',
      text: 'Half an answer',
    });
    await play('question:failed', { ...meta('2-0'), error: QUESTION_CANCELLED_MESSAGE, reason: 'cancelled' });
    const card = screen.getByRole('article', { name: 'ChatGPT' });
    // Read back a moment after the stop, once the workers have stored the counts.
    expect(await within(card).findByText('47', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(within(card).getByText('Half an answer')).toBeInTheDocument();
    expect(within(card).getByText('Stopped')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/questions/42')).toHaveLength(1);
  });

  it('shows the upgrade button under the results for free users only', () => {
    renderResults({}, 'free');
    expect(screen.getByRole('link', { name: /Upgrade/ })).toHaveAttribute('href', '/subscription');
  });

  it('stops listening once the question is final and refreshes the user', async () => {
    const { queryClient } = renderResults();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await play('question:completed', { ...meta('9-0'), totalTokensUsed: 0 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['auth', 'user'] });
    expect(socket.listenerCount('question:events')).toBe(0);
  });

  it('reads the stored answers when the stream has expired for a finished question', async () => {
    socket.ackStatus = 'completed';
    const result = askResultFixture();
    const row = (id: number, memberOrder: number, response: string, error: string | null = null) => ({
      id,
      questionId: 42,
      provider: result.agents[memberOrder].agent.provider,
      memberOrder,
      round: 0,
      agentId: result.agents[memberOrder].agentId,
      modelId: result.agents[memberOrder].modelId,
      roleId: null,
      status: error ? 'failed' : 'completed',
      response,
      reasoning: null,
      debateLog: null,
      error,
      promptTokens: 3,
      completionTokens: 4,
      totalTokens: 7,
      createdAt: '2026-01-01T12:00:01.000Z',
    });
    mockApi({
      '/api/questions/42': () =>
        jsonResponse({
          question: { ...result.question, status: 'completed', questionAgents: result.agents },
          answers: [row(1, 0, 'Stored *tea*'), row(2, 1, 'Stored coffee'), row(3, 2, '', 'Timed out')],
        }),
    });
    renderResults();
    const card = await screen.findByRole('article', { name: 'ChatGPT' });
    expect(await within(card).findByText('Done')).toBeInTheDocument();
    expect(within(card).getByText('tea').tagName).toBe('EM');
    expect(
      within(screen.getByRole('article', { name: 'Grok' })).getByText('Service Issue'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('tells the user when the gateway refuses the subscription', () => {
    socket.ackReply = { ok: false, code: 'FORBIDDEN', message: 'Not your question' };
    renderResults();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Error',
      description: 'Not your question',
    });
  });

  it('re-reads the user instead of a toast when the session has ended, on refusal or disconnect', async () => {
    socket.ackReply = { ok: false, code: 'UNAUTHENTICATED', message: 'Authentication required' };
    const toastsBefore = useToastStore.getState().toasts;
    const { queryClient } = renderResults();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    socket.reconnect();
    expect(useToastStore.getState().toasts).toEqual(toastsBefore);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.user() });

    invalidate.mockClear();
    socket.fire('disconnect', 'transport close');
    expect(invalidate).not.toHaveBeenCalled();
    socket.fire('disconnect', 'io server disconnect');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.user() });
  });

  it('offers Share once the question has completed, with the saved sharing of its detail', async () => {
    mockApi({
      '/api/questions/42': () =>
        jsonResponse({
          question: {
            ...askResultFixture().question,
            status: 'completed',
            isShared: true,
            shareId: 'tea-link',
            shareTitle: 'Tea time',
            questionAgents: askResultFixture().agents,
          },
          answers: [],
        }),
    });
    renderResults();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();

    await play('question:completed', { ...meta('9-0'), totalTokensUsed: 10 });
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share this question' });
    expect(await within(dialog).findByLabelText('Share link')).toHaveValue(
      'http://localhost:3000/shared/tea-link',
    );
    expect(within(dialog).getByRole('button', { name: 'Revoke link' })).toBeInTheDocument();
  });

  it('labels the answers of a demo-served provider "Demo" (DECISIONS 15)', async () => {
    const asked = askResultFixture();
    const [first] = asked.agents;
    if (!first) throw new Error('no member');
    first.agent = { ...first.agent, demo: true };
    const queryClient = createQueryClient();
    queryClient.setQueryData(questionKeys.stream(42), createQuestionStream(asked));
    render(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <MemoryRouter>
            <ResultsArea questionId={42} tier="premium" onRefresh={vi.fn()} />
          </MemoryRouter>
        </TooltipProvider>
      </QueryClientProvider>,
    );
    expect(within(screen.getByRole('article', { name: 'ChatGPT' })).getByText('Demo')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Claude' })).queryByText('Demo'),
    ).not.toBeInTheDocument();
  });
});

describe('ResultsArea: Stop at N tokens', () => {
  const usage = { promptTokens: 10, completionTokens: 20, totalTokens: 30 };

  it('labels an answer the cap cut off and keeps its text; an answer it did not start gets a calm note', async () => {
    renderResults({ showDebate: true, debateLeaderId: 1, tokenCap: 2000 });
    await userEvent.click(screen.getByRole('tab', { name: 'Individual Responses' }));

    await play('answer:delta', { ...meta('1-0'), memberOrder: 0, round: 0, kind: 'text', text: 'Tea is' });
    await play('answer:completed', {
      ...meta('1-1'),
      memberOrder: 0,
      round: 0,
      responseId: 500,
      stoppedAtLimit: true,
      ...usage,
    });
    const cut = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(cut).getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
    expect(within(cut).getByText('Tea is')).toBeInTheDocument();
    // Stopped, not also Done.
    expect(within(cut).queryByText('Done')).not.toBeInTheDocument();

    await play('answer:completed', {
      ...meta('1-2'),
      memberOrder: 2,
      round: 0,
      responseId: 502,
      stoppedAtLimit: false,
      ...usage,
    });
    expect(
      within(screen.getByRole('article', { name: 'Grok' })).queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit),
    ).not.toBeInTheDocument();

    await play('answer:failed', {
      ...meta('1-3'),
      memberOrder: 1,
      round: 0,
      responseId: 501,
      error: TOKEN_CAP_TEXTS.notStarted,
    });
    const unstarted = screen.getByRole('article', { name: 'Claude' });
    expect(within(unstarted).getByRole('note')).toHaveTextContent(TOKEN_CAP_TEXTS.notStarted);
    expect(within(unstarted).getByText('Stopped')).toBeInTheDocument();
    expect(within(unstarted).queryByText('Service Issue')).not.toBeInTheDocument();
    expect(within(unstarted).queryByText('Failed')).not.toBeInTheDocument();
    expect(within(unstarted).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('under a consensus written after the cap shortened the council, says it worked from what there was', async () => {
    renderResults({ showDebate: true, debateLeaderId: 1, tokenCap: 2000 });
    await play('answer:completed', {
      ...meta('1-0'),
      memberOrder: 0,
      round: 0,
      responseId: 500,
      stoppedAtLimit: true,
      ...usage,
    });
    await play('consensus:delta', { ...meta('2-0'), kind: 'text', text: 'Tea, mostly.' });
    const consensus = screen.getByRole('article', { name: 'Council Consensus' });
    // Not while it is being written.
    expect(within(consensus).queryByRole('note')).not.toBeInTheDocument();

    await play('consensus:completed', { ...meta('2-1'), responseId: 900, stoppedAtLimit: true, ...usage });
    expect(within(consensus).getByText('Tea, mostly.')).toBeInTheDocument();
    expect(within(consensus).getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
    expect(within(consensus).getByRole('note')).toHaveTextContent(TOKEN_CAP_TEXTS.consensusFromWhatThereIs);
  });

  it('a consensus the cap left no room for is a calm note, with the members’ answers above it', async () => {
    renderResults({ showDebate: true, debateLeaderId: 1, tokenCap: 2000 });
    await play('consensus:failed', {
      ...meta('1-0'),
      responseId: 900,
      error: TOKEN_CAP_TEXTS.consensusNotWritten,
    });
    const consensus = screen.getByRole('article', { name: 'Council Consensus' });
    expect(within(consensus).getByRole('note')).toHaveTextContent(TOKEN_CAP_TEXTS.consensusNotWritten);
    expect(within(consensus).queryByText('Consensus Formation Failed')).not.toBeInTheDocument();
    expect(within(consensus).getByText('Stopped')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'ChatGPT' })).toBeInTheDocument();
  });
});

describe('ResultsArea: the balance ran out (DECISIONS 26)', () => {
  const usage = { promptTokens: 10, completionTokens: 20, totalTokens: 30 };

  it('on a question without a cap, a stopped answer and consensus say the balance ran out, not the limit', async () => {
    renderResults({ showDebate: true, debateLeaderId: 1, tokenCap: null });
    await play('answer:delta', { ...meta('1-0'), memberOrder: 0, round: 0, kind: 'text', text: 'Tea is' });
    await play('answer:completed', {
      ...meta('1-1'),
      memberOrder: 0,
      round: 0,
      responseId: 500,
      stoppedAtLimit: true,
      ...usage,
    });
    await play('answer:failed', {
      ...meta('1-2'),
      memberOrder: 1,
      round: 0,
      responseId: 501,
      error: BALANCE_STOP_TEXTS.notStarted,
    });
    await play('consensus:delta', { ...meta('2-0'), kind: 'text', text: 'Tea, mostly.' });
    await play('consensus:completed', { ...meta('2-1'), responseId: 900, stoppedAtLimit: true, ...usage });

    const consensus = screen.getByRole('article', { name: 'Council Consensus' });
    expect(within(consensus).getByText(BALANCE_STOP_TEXTS.stopped)).toBeInTheDocument();
    expect(within(consensus).getByRole('note')).toHaveTextContent(
      BALANCE_STOP_TEXTS.consensusFromWhatThereIs,
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Individual Responses' }));
    const cut = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(cut).getByText(BALANCE_STOP_TEXTS.stopped)).toBeInTheDocument();
    expect(within(cut).getByText('Tea is')).toBeInTheDocument();
    const unstarted = screen.getByRole('article', { name: 'Claude' });
    expect(within(unstarted).getByRole('note')).toHaveTextContent(BALANCE_STOP_TEXTS.notStarted);
    expect(within(unstarted).getByText('Stopped')).toBeInTheDocument();
    expect(within(unstarted).queryByText('Failed')).not.toBeInTheDocument();
    expect(within(unstarted).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
