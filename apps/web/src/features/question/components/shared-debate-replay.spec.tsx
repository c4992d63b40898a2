import {
  AGREEMENT_MAP,
  DEBATE_REPLAY,
  type SharedQuestionResponse,
  TOKEN_CAP_TEXTS,
  WEIGH_IN_TEXTS,
} from '@council/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sharedQuestionFixture, sharedResponseFixture } from '@/testing/history.fixture';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const openai = (round: number, response: string, positionChanged: boolean | null) =>
  sharedResponseFixture({ id: 10 + round, memberOrder: 0, round, response, positionChanged });
const anthropic = (round: number, response: string, positionChanged: boolean | null) =>
  sharedResponseFixture({
    id: 20 + round,
    provider: 'anthropic',
    model: 'Claude Sonnet',
    memberOrder: 1,
    round,
    response,
    positionChanged,
  });

const consensus = sharedResponseFixture({
  id: 30,
  provider: 'consensus',
  model: 'GPT-4o',
  memberOrder: null,
  round: 1,
  response: 'The council settles on tea.',
  debateLog: 'Round 1: **OpenAI** moved to tea.',
  agreementMap: {
    status: 'mapped',
    claims: [
      {
        claim: 'Tea is calmer.',
        stances: [
          { memberOrder: 0, stance: 'supports', reason: null, changedInRound: 1 },
          { memberOrder: 1, stance: 'opposes', reason: 'Coffee is calmer when decaf.', changedInRound: null },
        ],
      },
    ],
  },
});

function debated(overrides: Partial<SharedQuestionResponse> = {}): SharedQuestionResponse {
  return {
    ...sharedQuestionFixture(
      { showDebate: true },
      [openai(1, 'Tea, on reflection.', true), anthropic(1, 'Still coffee.', false), consensus],
      [
        { round: 0, answers: [openai(0, 'Coffee.', null), anthropic(0, 'Coffee wakes you up.', null)] },
        { round: 1, answers: [openai(1, 'Tea, on reflection.', true), anthropic(1, 'Still coffee.', false)] },
      ],
    ),
    ...overrides,
  };
}

async function renderShared(shared: SharedQuestionResponse) {
  mockApi({ '/api/shared/abc': () => jsonResponse(shared) });
  renderApp('/shared/abc');
  await screen.findByRole('heading', { level: 1, name: 'Tea or coffee' });
}

const replay = () => screen.getByRole('region', { name: DEBATE_REPLAY.heading });
const round = (name: string) => within(replay()).getByRole('region', { name });

describe('/shared/{shareId}: the debate replay', () => {
  it('lists each round in order with every member’s answer of that round', async () => {
    await renderShared(debated());
    const headings = within(replay()).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Opening answers',
      'Debate round 1',
      'Council Consensus',
      'Agreement map',
    ]);
    const opening = round(DEBATE_REPLAY.openingRound);
    expect(
      within(opening)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Coffee.'), expect.stringContaining('Coffee wakes you up.')]);
    expect(within(round('Debate round 1')).getByText('Tea, on reflection.')).toBeInTheDocument();
  });

  it('shows the asker’s note between the round it followed and the next one', async () => {
    await renderShared(debated({ notes: [{ afterRound: 0, note: 'Think of green tea.\nNot black.' }] }));
    const headings = within(replay()).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Opening answers',
      'Your note after the opening answers',
      'Debate round 1',
      'Council Consensus',
      'Agreement map',
    ]);
    const note = within(replay()).getByRole('region', { name: WEIGH_IN_TEXTS.noteHeading(0) });
    expect(note).toHaveTextContent('Think of green tea. Not black.', { normalizeWhitespace: true });
    expect(within(replay()).queryByText(/Your note after round 1/)).not.toBeInTheDocument();
  });

  it('marks each revision changed or kept, and an opening answer neither', async () => {
    await renderShared(debated());
    const [changed, kept] = within(round('Debate round 1')).getAllByRole('listitem');
    expect(within(changed!).getByRole('heading', { level: 4, name: 'OpenAI' })).toBeInTheDocument();
    expect(within(changed!).getByText(DEBATE_REPLAY.changed)).toBeInTheDocument();
    expect(within(changed!).queryByText(DEBATE_REPLAY.kept)).not.toBeInTheDocument();
    expect(within(kept!).getByRole('heading', { level: 4, name: 'Anthropic' })).toBeInTheDocument();
    expect(within(kept!).getByText(DEBATE_REPLAY.kept)).toBeInTheDocument();

    const opening = round(DEBATE_REPLAY.openingRound);
    expect(within(opening).queryByText(DEBATE_REPLAY.changed)).not.toBeInTheDocument();
    expect(within(opening).queryByText(DEBATE_REPLAY.kept)).not.toBeInTheDocument();
  });

  it('labels a revision and a consensus the token cap cut off, beside changed or kept', async () => {
    const cutRevision = { ...anthropic(1, 'Still coff', false), stoppedAtLimit: true };
    const cutConsensus = { ...consensus, response: 'The council leans', stoppedAtLimit: true };
    await renderShared(
      debated({
        responses: [openai(1, 'Tea, on reflection.', true), cutRevision, cutConsensus],
        rounds: [
          { round: 0, answers: [openai(0, 'Coffee.', null), anthropic(0, 'Coffee wakes you up.', null)] },
          { round: 1, answers: [openai(1, 'Tea, on reflection.', true), cutRevision] },
        ],
      }),
    );
    const [changed, kept] = within(round('Debate round 1')).getAllByRole('listitem');
    expect(within(kept!).getByText(DEBATE_REPLAY.kept)).toBeInTheDocument();
    expect(within(kept!).getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
    expect(within(kept!).getByText('Still coff')).toBeInTheDocument();
    expect(within(changed!).queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
    expect(within(round(DEBATE_REPLAY.openingRound)).queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeNull();

    const card = within(replay()).getByRole('article', { name: 'Council Consensus' });
    expect(within(card).getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
    expect(within(card).getByText('The council leans')).toBeInTheDocument();
  });

  it('keeps the debate log in a collapsed disclosure', async () => {
    await renderShared(debated());
    const summary = within(replay()).getByText(DEBATE_REPLAY.debateLog);
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('OpenAI').tagName).toBe('STRONG');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
  });

  it('ends with the consensus card, then its agreement map naming members by provider and model', async () => {
    await renderShared(debated());
    const card = within(replay()).getByRole('article', { name: 'Council Consensus' });
    expect(within(card).getByText('The council settles on tea.')).toBeInTheDocument();
    const log = within(replay()).getByText(DEBATE_REPLAY.debateLog);
    const map = within(replay()).getByRole('region', { name: AGREEMENT_MAP.heading });
    expect(log.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const table = within(map).getByRole('table', { name: AGREEMENT_MAP.caption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Claim', 'OpenAI (GPT-4o)', 'Anthropic (Claude Sonnet)']);
    expect(within(map).getByText('50% agreement')).toBeInTheDocument();
    expect(within(map).getByText(/Coffee is calmer when decaf\./)).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'OpenAI (GPT-4o)' }));
    const dialog = await screen.findByRole('dialog', { name: "OpenAI (GPT-4o)'s final answer" });
    expect(dialog).toHaveTextContent('Tea, on reflection.');
  });

  it('keeps the final answers grid, with the consensus shown once, at the end of the replay', async () => {
    await renderShared(debated());
    const grid = screen.getByRole('region', { name: 'Responses' });
    expect(
      within(grid)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['OpenAI', 'Anthropic']);
    expect(screen.getAllByRole('article', { name: 'Council Consensus' })).toHaveLength(1);
  });

  it('shows the note when the map could not be drawn', async () => {
    const shared = debated();
    shared.responses[2] = {
      ...consensus,
      agreementMap: { status: 'unavailable', note: AGREEMENT_MAP.notes.failed },
    };
    await renderShared(shared);
    const map = within(replay()).getByRole('region', { name: AGREEMENT_MAP.heading });
    expect(within(map).getByText(AGREEMENT_MAP.notes.failed)).toBeInTheDocument();
    expect(within(map).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so for a round without answers', async () => {
    await renderShared(debated({ rounds: [{ round: 0, answers: [] }] }));
    expect(within(round(DEBATE_REPLAY.openingRound)).getByText(DEBATE_REPLAY.noAnswer)).toBeInTheDocument();
  });

  it('is not shown without a debate; the consensus stays in the grid', async () => {
    await renderShared(debated({ rounds: [] }));
    expect(screen.queryByRole('region', { name: DEBATE_REPLAY.heading })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: AGREEMENT_MAP.heading })).not.toBeInTheDocument();
    const grid = screen.getByRole('region', { name: 'Responses' });
    expect(within(grid).getByRole('article', { name: 'Council Consensus' })).toBeInTheDocument();
  });
});
