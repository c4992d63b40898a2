import {
  AGREEMENT_MAP,
  BALANCE_STOP_TEXTS,
  DEBATE_REPLAY,
  SHARED_PAGE,
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
  debateLog: '### Round 1 — ChatGPT (GPT-4o)\n\nTea, on reflection.',
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
        {
          round: 0,
          answers: [openai(0, '**Coffee**, black.', null), anthropic(0, 'Coffee wakes you up.', null)],
        },
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
const conclusion = () => screen.getByRole('region', { name: SHARED_PAGE.consensusHeading });
const finalAnswers = () => screen.getByRole('region', { name: SHARED_PAGE.finalAnswersHeading });
const follows = (first: Element, second: Element) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('/shared/{shareId}: a debated question', () => {
  it('opens on the consensus and its agreement map, then the final answers, then the replay', async () => {
    await renderShared(debated());
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      SHARED_PAGE.originalQuestion,
      SHARED_PAGE.consensusHeading,
      SHARED_PAGE.finalAnswersHeading,
      DEBATE_REPLAY.heading,
      SHARED_PAGE.ctaTitle,
    ]);
    const card = within(conclusion()).getByRole('article', { name: 'Council Consensus' });
    const map = within(conclusion()).getByRole('region', { name: AGREEMENT_MAP.heading });
    expect(within(card).getByText('The council settles on tea.')).toBeInTheDocument();
    expect(follows(card, map)).toBe(true);
    expect(follows(map, finalAnswers())).toBe(true);
    expect(follows(finalAnswers(), replay())).toBe(true);
    expect(
      within(finalAnswers())
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['ChatGPT', 'Claude']);
  });

  it('shows every answer once: a round’s final answer points to its card above', async () => {
    await renderShared(debated());
    for (const text of ['The council settles on tea.', 'Tea, on reflection.', 'Still coffee.']) {
      expect(screen.getAllByText(text)).toHaveLength(1);
    }
    expect(screen.getAllByRole('article', { name: 'Council Consensus' })).toHaveLength(1);
    const revisions = within(round(DEBATE_REPLAY.round(1))).getAllByRole('listitem');
    expect(revisions).toHaveLength(2);
    for (const item of revisions) {
      expect(within(item).getByText(SHARED_PAGE.finalAnswerAbove)).toBeInTheDocument();
    }
    // Earlier positions are not final: the replay is where they are read.
    expect(within(round(DEBATE_REPLAY.openingRound)).getByText('Coffee wakes you up.')).toBeInTheDocument();
  });

  it('leaves the stored transcript out: the replay is the debate log, its answers in Markdown', async () => {
    await renderShared(debated());
    expect(screen.queryByText(DEBATE_REPLAY.debateLog)).not.toBeInTheDocument();
    expect(screen.queryByText(/Round 1 — ChatGPT/)).not.toBeInTheDocument();
    const bold = within(round(DEBATE_REPLAY.openingRound)).getByText('Coffee');
    expect(bold.tagName).toBe('STRONG');
    // The answers' own colour, not the muted grey of a side note.
    expect(bold.closest('.text-muted-foreground')).toBeNull();
  });

  it('folds each round, in order, until it is opened', async () => {
    await renderShared(debated());
    expect(
      within(replay())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([DEBATE_REPLAY.openingRound, DEBATE_REPLAY.round(1)]);
    const opening = round(DEBATE_REPLAY.openingRound);
    const details = opening.querySelector('details') as HTMLDetailsElement;
    expect(details).not.toHaveAttribute('open');
    expect(within(opening).getByText(SHARED_PAGE.roundAnswers(2))).toBeInTheDocument();
    await userEvent.click(within(opening).getByRole('heading', { name: DEBATE_REPLAY.openingRound }));
    expect(details).toHaveAttribute('open');
    expect(
      within(opening)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Coffee, black.'), expect.stringContaining('Coffee wakes you up.')]);
  });

  it('shows the asker’s note, as theirs, between the round it followed and the next one', async () => {
    await renderShared(debated({ notes: [{ afterRound: 0, note: 'Think of green tea.\nNot black.' }] }));
    expect(
      within(replay())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([DEBATE_REPLAY.openingRound, SHARED_PAGE.askerNote, DEBATE_REPLAY.round(1)]);
    const note = within(replay()).getByRole('region', { name: SHARED_PAGE.askerNote });
    expect(note).toHaveTextContent('Think of green tea. Not black.', { normalizeWhitespace: true });
    expect(screen.queryByText(WEIGH_IN_TEXTS.noteHeading(0))).not.toBeInTheDocument();
    expect(screen.queryByText(/your note/i)).not.toBeInTheDocument();
  });

  it('marks each revision changed or kept, in its round and on its final answer', async () => {
    await renderShared(debated());
    const [changed, kept] = within(round(DEBATE_REPLAY.round(1))).getAllByRole('listitem');
    expect(within(changed!).getByRole('heading', { level: 4, name: 'ChatGPT' })).toBeInTheDocument();
    expect(within(changed!).getByText(DEBATE_REPLAY.changed)).toBeInTheDocument();
    expect(within(changed!).queryByText(DEBATE_REPLAY.kept)).not.toBeInTheDocument();
    expect(within(kept!).getByRole('heading', { level: 4, name: 'Claude' })).toBeInTheDocument();
    expect(within(kept!).getByText(DEBATE_REPLAY.kept)).toBeInTheDocument();

    const opening = round(DEBATE_REPLAY.openingRound);
    expect(within(opening).queryByText(DEBATE_REPLAY.changed)).not.toBeInTheDocument();
    expect(within(opening).queryByText(DEBATE_REPLAY.kept)).not.toBeInTheDocument();

    const cards = within(finalAnswers());
    expect(
      within(cards.getByRole('article', { name: 'ChatGPT' })).getByText(DEBATE_REPLAY.changed),
    ).toBeInTheDocument();
    expect(
      within(cards.getByRole('article', { name: 'Claude' })).getByText(DEBATE_REPLAY.kept),
    ).toBeInTheDocument();
  });

  it('labels what the asker’s cap cut off in their words for a stranger, never “your limit”', async () => {
    const cutRevision = { ...anthropic(1, 'Still coff', false), stoppedAtLimit: true };
    const cutOpening = { ...anthropic(0, 'Coffee wak', null), stoppedAtLimit: true };
    const cutConsensus = { ...consensus, response: 'The council leans', stoppedAtLimit: true };
    const shared = debated({
      responses: [openai(1, 'Tea, on reflection.', true), cutRevision, cutConsensus],
      rounds: [
        { round: 0, answers: [openai(0, 'Coffee.', null), cutOpening] },
        { round: 1, answers: [openai(1, 'Tea, on reflection.', true), cutRevision] },
      ],
    });
    await renderShared({ ...shared, question: { ...shared.question, tokenCap: 5000 } });

    const [, kept] = within(round(DEBATE_REPLAY.round(1))).getAllByRole('listitem');
    expect(within(kept!).getByText(DEBATE_REPLAY.kept)).toBeInTheDocument();
    expect(within(kept!).getByText(SHARED_PAGE.stoppedAtLimit)).toBeInTheDocument();
    const [, opening] = within(round(DEBATE_REPLAY.openingRound)).getAllByRole('listitem');
    expect(within(opening!).getByText(SHARED_PAGE.stoppedAtLimit)).toBeInTheDocument();
    expect(within(opening!).getByText('Coffee wak')).toBeInTheDocument();

    const card = within(conclusion()).getByRole('article', { name: 'Council Consensus' });
    expect(within(card).getByText(SHARED_PAGE.stoppedAtLimit)).toBeInTheDocument();
    expect(within(card).getByText('The council leans')).toBeInTheDocument();
    const claude = within(finalAnswers()).getByRole('article', { name: 'Claude' });
    expect(within(claude).getByText(SHARED_PAGE.stoppedAtLimit)).toBeInTheDocument();
    expect(screen.getAllByText(SHARED_PAGE.stoppedAtLimit)).toHaveLength(4);
    expect(screen.queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
    expect(screen.queryByText(BALANCE_STOP_TEXTS.stopped)).not.toBeInTheDocument();
  });

  it('names the map’s members by their agents and models, as the cards above do', async () => {
    await renderShared(debated());
    const map = within(conclusion()).getByRole('region', { name: AGREEMENT_MAP.heading });
    const table = within(map).getByRole('table', { name: AGREEMENT_MAP.caption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Claim', 'ChatGPT (GPT-4o)', 'Claude (Claude Sonnet)']);
    expect(within(map).getByText('50% agreement')).toBeInTheDocument();
    expect(within(map).getByText(/Coffee is calmer when decaf\./)).toBeInTheDocument();
    expect(screen.queryByText(/OpenAI|Anthropic/)).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'ChatGPT (GPT-4o)' }));
    const dialog = await screen.findByRole('dialog', { name: "ChatGPT (GPT-4o)'s final answer" });
    expect(dialog).toHaveTextContent('Tea, on reflection.');
  });

  it('shows the note when the map could not be drawn', async () => {
    const shared = debated();
    shared.responses[2] = {
      ...consensus,
      agreementMap: { status: 'unavailable', note: AGREEMENT_MAP.notes.failed },
    };
    await renderShared(shared);
    const map = within(conclusion()).getByRole('region', { name: AGREEMENT_MAP.heading });
    expect(within(map).getByText(AGREEMENT_MAP.notes.failed)).toBeInTheDocument();
    expect(within(map).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says why the cap or the balance left no map without saying “your”', async () => {
    for (const [stored, shown] of [
      [TOKEN_CAP_TEXTS.mapNotDrawn, SHARED_PAGE.mapNotDrawnAtLimit],
      [BALANCE_STOP_TEXTS.mapNotDrawn, SHARED_PAGE.mapNotDrawnAtBalance],
    ] as const) {
      const shared = debated();
      shared.responses[2] = { ...consensus, agreementMap: { status: 'unavailable', note: stored } };
      mockApi({ '/api/shared/abc': () => jsonResponse(shared) });
      const { unmount } = renderApp('/shared/abc');
      const map = await screen.findByRole('region', { name: AGREEMENT_MAP.heading });
      expect(within(map).getByText(shown)).toBeInTheDocument();
      expect(screen.queryByText(stored)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('says so for a round without answers', async () => {
    await renderShared(debated({ rounds: [{ round: 0, answers: [] }] }));
    expect(within(round(DEBATE_REPLAY.openingRound)).getByText(DEBATE_REPLAY.noAnswer)).toBeInTheDocument();
  });

  it('has no replay without a debate; the consensus still comes first, then the responses', async () => {
    await renderShared(debated({ rounds: [] }));
    expect(screen.queryByRole('region', { name: DEBATE_REPLAY.heading })).not.toBeInTheDocument();
    const responses = screen.getByRole('region', { name: SHARED_PAGE.responsesHeading });
    expect(within(conclusion()).getByRole('article', { name: 'Council Consensus' })).toBeInTheDocument();
    expect(follows(conclusion(), responses)).toBe(true);
    expect(within(responses).queryByRole('article', { name: 'Council Consensus' })).not.toBeInTheDocument();
  });
});
