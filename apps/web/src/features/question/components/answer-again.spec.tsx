import {
  type AskQuestionResult,
  CONVERSATION_TEXTS,
  type ResponseRow,
  type RetryResponseResult,
} from '@council/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useToastStore } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { setCouncilSocket } from '@/lib/socket';
import { askResultFixture } from '@/testing/ask.fixture';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { errorResponse, mockApi } from '@/testing/mock-api';
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

const row = (id: number, memberOrder: number, response: string): ResponseRow => ({
  id,
  questionId: 42,
  provider: memberOrder === 1 ? 'anthropic' : memberOrder === 2 ? 'xai' : 'openai',
  memberOrder,
  round: 0,
  agentId: null,
  modelId: null,
  roleId: null,
  status: 'completed',
  response,
  reasoning: null,
  debateLog: null,
  error: null,
  stoppedAtLimit: false,
  positionChanged: null,
  agreementMap: null,
  promptTokens: 10,
  completionTokens: 20,
  totalTokens: 30,
  createdAt: '2026-01-01T12:00:05.000Z',
});

/** A finished question read over REST: no stream entry applied yet. */
function finished(overrides: Partial<AskQuestionResult['question']> = {}): AskQuestionResult {
  return {
    ...askResultFixture({ status: 'completed', totalTokensUsed: 90, ...overrides }),
    responses: [row(600, 0, 'Tea.'), row(601, 1, 'Coffee.'), row(602, 2, 'Water.')],
  };
}

function renderFinished(seed: AskQuestionResult = finished()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(questionKeys.stream(42), createQuestionStream(seed));
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <MemoryRouter>
          <ResultsArea questionId={42} tier="premium" onRefresh={vi.fn()} />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}

const play = (event: string, payload: object) =>
  act(async () => {
    socket.stream({ type: event, ...payload });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('Answer again on a finished member card', () => {
  it('asks the member anew, then streams its new answer into the same card from the reply’s entry', async () => {
    const reply: RetryResponseResult = {
      ...row(700, 1, ''),
      status: 'pending',
      promptTokens: 0,
      completionTokens: 0,
      totalTokens: 0,
      streamEntryId: '1700000000000-0',
    };
    const fetchMock = mockApi({ '/api/questions/42/responses/601/retry': () => jsonResponse(reply) });
    renderFinished();
    // Finished: nothing followed, every answer offered again.
    expect(socket.subscriptions).toEqual([]);
    expect(screen.getAllByRole('button', { name: CONVERSATION_TEXTS.answerAgain })).toHaveLength(3);

    const card = screen.getByRole('article', { name: 'Claude' });
    expect(within(card).getByText('Coffee.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: CONVERSATION_TEXTS.answerAgain }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/questions/42/responses/601/retry',
      expect.objectContaining({ method: 'POST' }),
    );
    // The card starts over; the stream is followed from the entry that started it, not replayed
    // from its first entry (which would drop the other members' stored answers).
    expect(await within(card).findByText('Thinking')).toBeInTheDocument();
    expect(within(card).queryByText('Coffee.')).not.toBeInTheDocument();
    expect(socket.subscriptions).toEqual([{ questionId: 42, lastEntryId: '1700000000000-0' }]);
    // No card can be asked again while the turn runs.
    expect(screen.queryByRole('button', { name: CONVERSATION_TEXTS.answerAgain })).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'ChatGPT' })).getByText('Tea.')).toBeInTheDocument();

    const meta = (entryId: string) => ({ questionId: 42, entryId });
    await play('answer:delta', {
      ...meta('1700000000001-0'),
      memberOrder: 1,
      round: 0,
      kind: 'text',
      text: 'Green tea, on reflection.',
    });
    expect(within(card).getByText('Green tea, on reflection.')).toBeInTheDocument();
    await play('answer:completed', {
      ...meta('1700000000002-0'),
      memberOrder: 1,
      round: 0,
      responseId: 700,
      stoppedAtLimit: false,
      promptTokens: 12,
      completionTokens: 8,
      totalTokens: 20,
    });
    await play('question:completed', { ...meta('1700000000003-0'), totalTokensUsed: 80 });
    expect(within(card).getByText('Done')).toBeInTheDocument();
    expect(within(card).getByText('Green tea, on reflection.')).toBeInTheDocument();
    // Finished again: it can be asked again, and copied.
    expect(within(card).getByRole('button', { name: CONVERSATION_TEXTS.answerAgain })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: CONVERSATION_TEXTS.copy })).toBeInTheDocument();
  });

  it('is not offered with a debate', () => {
    renderFinished(finished({ showDebate: true, debateLeaderId: 1 }));
    expect(screen.queryByRole('button', { name: CONVERSATION_TEXTS.answerAgain })).not.toBeInTheDocument();
  });

  it('is not offered while the question runs', () => {
    renderFinished(finished({ status: 'running' }));
    expect(screen.getAllByRole('button', { name: CONVERSATION_TEXTS.copy })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: CONVERSATION_TEXTS.answerAgain })).not.toBeInTheDocument();
  });

  it('leaves the card as it was when the gateway refuses (another turn runs)', async () => {
    mockApi({
      '/api/questions/42/responses/601/retry': () =>
        errorResponse(409, 'CONFLICT', CONVERSATION_TEXTS.answerAgainWhileRunning),
    });
    renderFinished();
    const card = screen.getByRole('article', { name: 'Claude' });
    await userEvent.click(within(card).getByRole('button', { name: CONVERSATION_TEXTS.answerAgain }));
    await vi.waitFor(() =>
      expect(JSON.stringify(useToastStore.getState().toasts.at(-1))).toContain(
        CONVERSATION_TEXTS.answerAgainWhileRunning,
      ),
    );
    expect(within(card).getByText('Coffee.')).toBeInTheDocument();
    expect(socket.subscriptions).toEqual([]);
  });
});
