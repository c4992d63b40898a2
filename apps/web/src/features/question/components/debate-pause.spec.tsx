import { SERVER_MESSAGES, VALIDATION_MESSAGES, WEIGH_IN_TEXTS } from '@council/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useToastStore } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { setCouncilSocket } from '@/lib/socket';
import { askResultFixture } from '@/testing/ask.fixture';
import { deferred } from '@/testing/billing.fixture';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { fakeClock, restoreTimeouts } from '@/testing/fake-timers';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { questionKeys } from '../api/question-keys';
import { createQuestionStream } from '../state/question-seed';
import { ResultsArea } from './results-area';

let socket: FakeCouncilSocket;

beforeEach(() => {
  socket = new FakeCouncilSocket();
  setCouncilSocket(socket.asSocket());
  useToastStore.setState({ toasts: [] });
});
afterEach(() => setCouncilSocket(null));

const NOTES = '/api/questions/42/notes';
const CONTINUE = '/api/questions/42/continue';
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

/** A running weigh-in debate, as the cache holds it; `paused` as a reload reads it from the question. */
function renderResults(paused: { round: number; endsAt: string } | null) {
  const queryClient = createQueryClient();
  const asked = askResultFixture({
    showDebate: true,
    weighIn: true,
    debateLeaderId: 3,
    status: 'running',
    pausedAfterRound: paused?.round ?? null,
    pauseEndsAt: paused?.endsAt ?? null,
  });
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
  return { queryClient, question: asked.question };
}

const meta = (entryId: string) => ({ questionId: 42, entryId });
const play = (event: string, payload: object) =>
  act(async () => {
    socket.stream({ type: event, ...payload });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const panel = () =>
  screen.queryByRole('region', { name: /The opening answers are in|Debate round \d is over/ });
const noteBox = () => screen.getByRole('textbox', { name: WEIGH_IN_TEXTS.noteLabel });
const sendButton = () => screen.getByRole('button', { name: WEIGH_IN_TEXTS.send });
const continueButton = () => screen.getByRole('button', { name: WEIGH_IN_TEXTS.continue });

describe('the weigh-in pause panel', () => {
  it('appears when the debate pauses and goes when it resumes', async () => {
    renderResults(null);
    expect(panel()).not.toBeInTheDocument();

    await play('debate:paused', { ...meta('2-0'), round: 1, endsAt: inAMinute() });
    const shown = screen.getByRole('region', { name: WEIGH_IN_TEXTS.pausedHeading(1) });
    expect(within(shown).getByText(WEIGH_IN_TEXTS.pausedText)).toBeInTheDocument();
    expect(within(shown).getByRole('timer')).toHaveTextContent(/^Continuing in (59|60) s$/);
    expect(noteBox()).toHaveAttribute('maxLength', '2000');

    await play('debate:resumed', { ...meta('3-0'), round: 1 });
    expect(panel()).not.toBeInTheDocument();
  });

  it('shows the pause of a question read after a reload', () => {
    renderResults({ round: 0, endsAt: inAMinute() });
    expect(screen.getByRole('region', { name: WEIGH_IN_TEXTS.pausedHeading(0) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'The opening answers are in' })).toBeInTheDocument();
  });

  it('sends the note, says "Sending…" meanwhile, and puts the note in the debate log', async () => {
    const reply = deferred<Response>();
    const fetchMock = mockApi({ [NOTES]: () => reply.promise });
    const { question } = renderResults({ round: 0, endsAt: inAMinute() });

    await userEvent.type(noteBox(), '  Think of green tea.  ');
    await userEvent.click(sendButton());
    expect(screen.getByRole('button', { name: WEIGH_IN_TEXTS.sending })).toBeDisabled();
    expect(continueButton()).toBeDisabled();
    expect(sentBody(fetchMock, NOTES)).toEqual({ note: 'Think of green tea.' });

    reply.resolve(jsonResponse({ ...question, pausedAfterRound: null }));
    await waitFor(() => expect(panel()).not.toBeInTheDocument());
    const log = screen.getByRole('region', { name: 'Debate log' });
    const note = within(log).getByRole('region', { name: WEIGH_IN_TEXTS.noteHeading(0) });
    expect(note).toHaveTextContent('Think of green tea.');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === CONTINUE)).toBe(false);
  });

  it('asks for a note before sending one, and sends nothing meanwhile', async () => {
    const fetchMock = mockApi();
    renderResults({ round: 0, endsAt: inAMinute() });
    await userEvent.type(noteBox(), '   ');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.noteRequired);
    expect(noteBox()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === NOTES)).toBe(false);
  });

  it('Continue ends the pause without a note', async () => {
    const fetchMock = mockApi({ [CONTINUE]: () => jsonResponse({}) });
    renderResults({ round: 1, endsAt: inAMinute() });
    await userEvent.click(continueButton());
    await waitFor(() => expect(panel()).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => String(url) === CONTINUE);
    expect(call?.[1]?.method).toBe('POST');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === NOTES)).toBe(false);
    expect(screen.queryByText(/Your note after/)).not.toBeInTheDocument();
  });

  it('a note that comes too late (409) hides the panel and says so calmly', async () => {
    mockApi({ [NOTES]: () => errorResponse(409, 'CONFLICT', SERVER_MESSAGES.debateNotPaused) });
    renderResults({ round: 0, endsAt: inAMinute() });
    await userEvent.type(noteBox(), 'Too late?');
    await userEvent.click(sendButton());

    expect(await screen.findByText(SERVER_MESSAGES.debateNotPaused)).toHaveAttribute('role', 'status');
    expect(panel()).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(screen.queryByText(/Your note after/)).not.toBeInTheDocument();
  });

  it('another failure keeps the panel and shows the error toast', async () => {
    mockApi({ [CONTINUE]: () => errorResponse(500, 'INTERNAL', 'Internal server error') });
    renderResults({ round: 0, endsAt: inAMinute() });
    await userEvent.click(continueButton());
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({ description: 'Internal server error' }),
    );
    expect(panel()).toBeInTheDocument();
  });
});

describe('the weigh-in countdown', () => {
  const start = new Date('2026-01-01T12:00:00.000Z');
  afterEach(restoreTimeouts);

  it('counts down each second to the server’s end, then says the debate carries on, calling nothing', async () => {
    fakeClock(start);
    const fetchMock = mockApi();
    renderResults({ round: 0, endsAt: '2026-01-01T12:01:00.000Z' });
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('Continuing in 60 s');
    expect(screen.queryByText(WEIGH_IN_TEXTS.carryingOn)).not.toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('Continuing in 59 s');
    await act(async () => vi.advanceTimersByTime(58_500));
    expect(timer).toHaveTextContent('Continuing in 1 s');

    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText(WEIGH_IN_TEXTS.carryingOn)).toHaveAttribute('role', 'status');
    expect(continueButton()).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(10_000));
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.filter((url) => url === NOTES || url === CONTINUE)).toEqual([]);
  });

  it('never shows more than the pause lasts when the browser clock is behind the server’s', () => {
    fakeClock(start);
    renderResults({ round: 0, endsAt: '2026-01-01T12:05:00.000Z' });
    expect(screen.getByRole('timer')).toHaveTextContent('Continuing in 60 s');
  });
});
