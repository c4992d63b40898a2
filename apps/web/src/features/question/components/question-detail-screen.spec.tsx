import { AGREEMENT_MAP, BALANCE_STOP_TEXTS, TOKEN_CAP_TEXTS, WEIGH_IN_TEXTS } from '@council/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCouncilSocket } from '@/lib/socket';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { questionDetailFixture, responseRowFixture } from '@/testing/history.fixture';
import { errorResponse, mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

let socket: FakeCouncilSocket;

beforeEach(() => {
  socket = new FakeCouncilSocket();
  setCouncilSocket(socket.asSocket());
});
afterEach(() => setCouncilSocket(null));

const play = (event: string, payload: object) =>
  act(async () => {
    socket.stream({ type: event, ...payload });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('/questions/{id} (spec §2)', () => {
  it('shows the question, its time and badges, Share, the total tokens and the answers', async () => {
    mockApi(
      {
        '/api/questions/42': () =>
          jsonResponse(questionDetailFixture({ isShared: true, showReasoning: true, totalTokensUsed: 1234 })),
      },
      signedInUser,
    );
    renderApp('/questions/42');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Is tea better than coffee?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('Individual responses')).toBeInTheDocument();
    expect(screen.getByText('Reasoning')).toBeInTheDocument();
    expect(screen.getByText('Shared')).toBeInTheDocument();
    expect(screen.getByText(/Total tokens used/)).toHaveTextContent('Total tokens used: 1,234');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download as Markdown' });
    expect(download).toHaveAttribute('href', '/api/questions/42/export');
    expect(download).toHaveAttribute('download', 'council-question-42.md');
    expect(screen.getByRole('link', { name: 'Back to history' })).toHaveAttribute('href', '/history');

    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    const chatGpt = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(chatGpt).getByText('calmer').tagName).toBe('STRONG');
    expect(within(chatGpt).getByText('Done')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Grok' })).getByText('Both, at different times.'),
    ).toBeInTheDocument();
    // A finished question does not listen to the socket.
    expect(socket.subscriptions).toEqual([]);
  });

  it('hides "Total tokens used" at 0', async () => {
    mockApi(
      { '/api/questions/42': () => jsonResponse(questionDetailFixture({ totalTokensUsed: 0 })) },
      signedInUser,
    );
    renderApp('/questions/42');

    await screen.findByRole('heading', { level: 1, name: 'Is tea better than coffee?' });
    expect(screen.queryByText(/Total tokens used/)).not.toBeInTheDocument();
  });

  it('shows the debate tabs and the debate log of a debated question', async () => {
    const detail = questionDetailFixture({ showDebate: true, debateLeaderId: 1 });
    detail.answers.splice(
      1,
      0,
      responseRowFixture({ id: 510, round: 1, response: 'Revised: tea, on reflection.', totalTokens: 80 }),
    );
    detail.answers.push(
      responseRowFixture({
        id: 600,
        provider: 'consensus',
        memberOrder: null,
        agentId: null,
        modelId: null,
        response: 'The council agrees: it depends.',
        debateLog: 'Round 1: ChatGPT argued for tea.',
      }),
    );
    mockApi({ '/api/questions/42': () => jsonResponse(detail) }, signedInUser);
    renderApp('/questions/42');

    expect(await screen.findByRole('tab', { name: 'Consensus' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Individual Responses' })).toBeInTheDocument();
    // The badge; the follow-up box below offers the option too.
    expect(screen.getAllByText('Debate mode').filter((element) => !element.closest('form'))).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: 'Council Consensus' })).getByText(
        'The council agrees: it depends.',
      ),
    ).toBeInTheDocument();
    // The log is built from the members' rounds, as it is live (the stored markdown is not shown).
    const log = screen.getByRole('region', { name: 'Debate log' });
    expect(within(log).getByText('Opening answers')).toBeInTheDocument();
    expect(within(log).getByText('Round 1')).toBeInTheDocument();
    expect(within(log).getByText('Revised: tea, on reflection.')).toBeInTheDocument();
    expect(screen.queryByText('Round 1: ChatGPT argued for tea.')).not.toBeInTheDocument();
    // ChatGPT's card counts both rounds: 120 + 80 tokens.
    await userEvent.click(screen.getByRole('tab', { name: 'Individual Responses' }));
    expect(screen.getByRole('article', { name: 'ChatGPT' })).toHaveTextContent(/Total tokens:\s*200\b/);
  });

  it('shows the stored agreement map under the consensus, naming the members', async () => {
    const detail = questionDetailFixture({ showDebate: true, debateLeaderId: 1 });
    detail.answers.splice(
      1,
      0,
      responseRowFixture({
        id: 510,
        round: 1,
        response: 'Revised: tea, on reflection.',
        positionChanged: true,
      }),
    );
    const stance = (memberOrder: number, changedInRound: number | null = null) => ({
      memberOrder,
      stance: 'supports' as const,
      reason: null,
      changedInRound,
    });
    detail.answers.push(
      responseRowFixture({
        id: 600,
        provider: 'consensus',
        memberOrder: null,
        agentId: null,
        modelId: null,
        response: 'The council agrees: tea.',
        agreementMap: {
          status: 'mapped',
          claims: [{ claim: 'Tea is calmer.', stances: [stance(0, 1), stance(1), stance(2)] }],
        },
      }),
    );
    mockApi({ '/api/questions/42': () => jsonResponse(detail) }, signedInUser);
    renderApp('/questions/42');

    const table = await screen.findByRole('table', { name: AGREEMENT_MAP.caption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Claim', 'ChatGPT', 'Claude', 'Grok']);
    expect(screen.getByText('100% agreement')).toBeInTheDocument();
    expect(screen.getByText(AGREEMENT_MAP.noMinority)).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Tea is calmer.' }));
    expect(await screen.findByText('ChatGPT came to this in debate round 1.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    // A member's final answer is its last revision.
    await userEvent.click(within(table).getByRole('button', { name: 'ChatGPT' }));
    const dialog = await screen.findByRole('dialog', { name: "ChatGPT's final answer" });
    expect(dialog).toHaveTextContent('Revised: tea, on reflection.');
  });

  it('shows the note of a consensus whose agreement map could not be drawn', async () => {
    const detail = questionDetailFixture({ showDebate: true, debateLeaderId: 1 });
    detail.answers.push(
      responseRowFixture({
        id: 600,
        provider: 'consensus',
        memberOrder: null,
        response: 'The council agrees: tea.',
        agreementMap: { status: 'unavailable', note: AGREEMENT_MAP.notes.failed },
      }),
    );
    mockApi({ '/api/questions/42': () => jsonResponse(detail) }, signedInUser);
    renderApp('/questions/42');

    const region = await screen.findByRole('region', { name: AGREEMENT_MAP.heading });
    expect(within(region).getByText(AGREEMENT_MAP.notes.failed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a capped question’s limit, its cut answers labelled, and the notes where the limit stopped it', async () => {
    const detail = questionDetailFixture({ showDebate: true, debateLeaderId: 1, tokenCap: 12_500 });
    detail.answers[0] = responseRowFixture({ id: 500, response: 'Tea is', stoppedAtLimit: true });
    detail.answers[1] = responseRowFixture({
      id: 501,
      memberOrder: 1,
      provider: 'anthropic',
      agentId: 3,
      modelId: 31,
      status: 'failed',
      response: '',
      error: TOKEN_CAP_TEXTS.notStarted,
    });
    detail.answers.push(
      responseRowFixture({
        id: 600,
        provider: 'consensus',
        memberOrder: null,
        response: 'Tea, from what there is.',
        stoppedAtLimit: true,
      }),
    );
    mockApi({ '/api/questions/42': () => jsonResponse(detail) }, signedInUser);
    renderApp('/questions/42');

    expect(await screen.findByText(TOKEN_CAP_TEXTS.capLine(12_500))).toBeInTheDocument();
    expect(screen.getByText('Stops at 12,500 tokens')).toBeInTheDocument();
    const consensus = screen.getByRole('article', { name: 'Council Consensus' });
    expect(within(consensus).getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
    expect(within(consensus).getByRole('note')).toHaveTextContent(TOKEN_CAP_TEXTS.consensusFromWhatThereIs);

    await userEvent.click(screen.getByRole('tab', { name: 'Individual Responses' }));
    const cut = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(cut).getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
    expect(within(cut).getByText('Tea is')).toBeInTheDocument();
    const unstarted = screen.getByRole('article', { name: 'Claude' });
    expect(within(unstarted).getByRole('note')).toHaveTextContent(TOKEN_CAP_TEXTS.notStarted);
    expect(within(unstarted).queryByText('Service Issue')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Grok' })).queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit),
    ).not.toBeInTheDocument();
  });

  it('on a question without a cap, says where the balance ran out instead of the limit (DECISIONS 26)', async () => {
    const detail = questionDetailFixture({ showDebate: true, debateLeaderId: 1, tokenCap: null });
    detail.answers[0] = responseRowFixture({ id: 500, response: 'Tea is', stoppedAtLimit: true });
    detail.answers[1] = responseRowFixture({
      id: 501,
      memberOrder: 1,
      provider: 'anthropic',
      agentId: 3,
      modelId: 31,
      status: 'failed',
      response: '',
      error: BALANCE_STOP_TEXTS.notStarted,
    });
    detail.answers.push(
      responseRowFixture({
        id: 600,
        provider: 'consensus',
        memberOrder: null,
        response: 'Tea, from what there is.',
        stoppedAtLimit: true,
        agreementMap: { status: 'unavailable', note: BALANCE_STOP_TEXTS.mapNotDrawn },
      }),
    );
    mockApi({ '/api/questions/42': () => jsonResponse(detail) }, signedInUser);
    renderApp('/questions/42');

    const consensus = await screen.findByRole('article', { name: 'Council Consensus' });
    const map = screen.getByRole('region', { name: AGREEMENT_MAP.heading });
    expect(within(map).getByText(BALANCE_STOP_TEXTS.mapNotDrawn)).toBeInTheDocument();
    expect(screen.queryByText(/Stops at/)).not.toBeInTheDocument();
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
    expect(within(unstarted).queryByText('Service Issue')).not.toBeInTheDocument();
    expect(screen.queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
  });

  it('shows no limit for a question without one', async () => {
    mockApi({ '/api/questions/42': () => jsonResponse(questionDetailFixture()) }, signedInUser);
    renderApp('/questions/42');
    await screen.findByRole('heading', { level: 1, name: 'Is tea better than coffee?' });
    expect(screen.queryByText(/Stops at/)).not.toBeInTheDocument();
    expect(screen.queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
  });

  it('follows a question that is still running, as the Ask screen does', async () => {
    const detail = questionDetailFixture({ status: 'running', totalTokensUsed: 0 });
    detail.answers = [
      responseRowFixture({ id: 500, status: 'streaming', response: 'Tea', totalTokens: 0, promptTokens: 0 }),
    ];
    mockApi({ '/api/questions/42': () => jsonResponse(detail) }, signedInUser);
    renderApp('/questions/42');

    await screen.findByRole('heading', { level: 1, name: 'Is tea better than coffee?' });
    await waitFor(() => expect(socket.subscriptions).toEqual([{ questionId: 42 }]));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    // The replay from the first entry rebuilds the answer, then it grows.
    const meta = (entryId: string) => ({ questionId: 42, entryId });
    await play('answer:delta', { ...meta('1-0'), memberOrder: 0, round: 0, kind: 'text', text: 'Tea is' });
    await play('answer:delta', { ...meta('1-1'), memberOrder: 0, round: 0, kind: 'text', text: ' calmer.' });
    const card = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(card).getByText('Tea is calmer.')).toBeInTheDocument();
    expect(within(card).getByText('Streaming')).toBeInTheDocument();

    await play('question:completed', { ...meta('2-0'), totalTokensUsed: 777 });
    expect(await screen.findByText(/Total tokens used/)).toHaveTextContent('Total tokens used: 777');
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('shows a weigh-in debate’s pause and notes after a reload, before any replay', async () => {
    const detail = questionDetailFixture({
      showDebate: true,
      weighIn: true,
      debateLeaderId: 1,
      status: 'running',
      pausedAfterRound: 1,
      pauseEndsAt: new Date(Date.now() + 30_000).toISOString(),
    });
    detail.answers.splice(1, 0, responseRowFixture({ id: 510, round: 1, response: 'Green tea, then.' }));
    detail.notes = [{ afterRound: 0, note: 'Think of green tea.', createdAt: detail.question.createdAt }];
    mockApi({ '/api/questions/42': () => jsonResponse(detail) }, signedInUser);
    renderApp('/questions/42');

    const pause = await screen.findByRole('region', { name: WEIGH_IN_TEXTS.pausedHeading(1) });
    expect(within(pause).getByRole('timer')).toHaveTextContent(/^Continuing in (29|30) s$/);
    await waitFor(() => expect(socket.subscriptions).toEqual([{ questionId: 42 }]));
    // Nothing runs while it waits: the page opens on the members' answers, not a "Thinking" consensus.
    expect(screen.getByRole('tab', { name: 'Individual Responses' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Consensus' })).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(screen.getByRole('tab', { name: 'Consensus' }));
    const log = await screen.findByRole('region', { name: 'Debate log' });
    expect(within(log).getByRole('region', { name: WEIGH_IN_TEXTS.noteHeading(0) })).toHaveTextContent(
      'Think of green tea.',
    );
  });

  it('says "Question not found" for a 404 (missing, or not yours)', async () => {
    mockApi(
      { '/api/questions/42': () => errorResponse(404, 'NOT_FOUND', 'Question not found') },
      signedInUser,
    );
    renderApp('/questions/42');

    expect(await screen.findByRole('heading', { level: 1, name: 'Question not found' })).toBeInTheDocument();
    expect(
      screen.getByText('The question may not exist, or you may not have permission to view it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to history' })).toHaveAttribute('href', '/history');
  });

  it('says "Question not found" for an id that is not a number, without asking the server', async () => {
    const fetchMock = mockApi({}, signedInUser);
    renderApp('/questions/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Question not found' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/user']);
  });

  it('shows "Error Loading Question" when the read fails', async () => {
    mockApi(
      { '/api/questions/42': () => errorResponse(500, 'INTERNAL', 'Database unavailable') },
      signedInUser,
    );
    renderApp('/questions/42');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error Loading Question' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to history' })).toBeInTheDocument();
  });
});
