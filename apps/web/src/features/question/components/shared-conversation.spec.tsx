import { CONVERSATION_TEXTS, DEBATE_REPLAY, SHARED_PAGE, type SharedTurn } from '@council/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sharedConversationFixture, sharedResponseFixture } from '@/testing/history.fixture';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const turn = (question: string, answer: string, fields: Partial<SharedTurn> = {}): SharedTurn => ({
  question: { question, showDebate: false, showReasoning: false, tokenCap: null },
  responses: [sharedResponseFixture({ response: answer })],
  rounds: [],
  notes: [],
  ...fields,
});

const first = turn('Is tea better than coffee?', 'Tea is calmer.');
const second = turn('Green or black?', 'Green, on reflection.', {
  question: { question: 'Green or black?', showDebate: true, showReasoning: false, tokenCap: 800 },
  responses: [
    sharedResponseFixture({ id: 11, round: 1, response: 'Green, on reflection.', positionChanged: true }),
    sharedResponseFixture({
      id: 12,
      provider: 'consensus',
      memberOrder: null,
      round: 1,
      response: 'The council picks green.',
    }),
  ],
  rounds: [
    { round: 0, answers: [sharedResponseFixture({ id: 10, response: 'Black.' })] },
    {
      round: 1,
      answers: [
        sharedResponseFixture({ id: 11, round: 1, response: 'Green, on reflection.', positionChanged: true }),
      ],
    },
  ],
  notes: [{ afterRound: 0, note: 'Think of the morning.' }],
});
const third = turn('Milk?', 'No milk.', {
  question: { question: 'Milk?', showDebate: false, showReasoning: true, tokenCap: null },
  responses: [
    sharedResponseFixture({ id: 21, provider: 'anthropic', model: 'Claude Sonnet', response: 'No milk.' }),
  ],
});

async function renderConversation(turns: SharedTurn[]) {
  mockApi({ '/api/shared/abc': () => jsonResponse(sharedConversationFixture(turns)) });
  renderApp('/shared/abc');
  await screen.findByRole('heading', { level: 1, name: 'Tea or coffee' });
}

const earlier = () => screen.getByRole('region', { name: CONVERSATION_TEXTS.earlierTurns(2) });
/** The turns' own disclosures; a debated turn folds its rounds in disclosures of their own. */
const turnDisclosures = (region: HTMLElement) => [
  ...region.querySelectorAll<HTMLDetailsElement>(':scope > details'),
];

describe('/shared/{shareId}: a shared conversation (docs/decisions.md, "25. Follow-ups")', () => {
  it('shows the latest turn first and open: its question, options and answers', async () => {
    await renderConversation([first, second, third]);

    const latest = screen.getByRole('region', { name: CONVERSATION_TEXTS.turnLabel(3) });
    expect(within(latest).getByText('Milk?')).toBeInTheDocument();
    const options = within(latest).getByRole('list', { name: 'Question options' });
    expect(within(options).getByText('Reasoning')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: SHARED_PAGE.originalQuestion })).not.toBeInTheDocument();

    const [latestAnswers] = screen.getAllByRole('region', { name: SHARED_PAGE.responsesHeading });
    expect(within(latestAnswers!).getByText('No milk.')).toBeInTheDocument();
    expect(latestAnswers!.closest('details')).toBeNull();
    // The latest turn comes before the earlier ones.
    expect(latest.compareDocumentPosition(earlier()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(latestAnswers!.compareDocumentPosition(earlier()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the earlier turns, oldest first, in closed disclosures labelled with their questions', async () => {
    await renderConversation([first, second, third]);

    const turns = turnDisclosures(earlier());
    const summaries = turns.map((details) => details.querySelector('summary')?.textContent);
    expect(summaries).toEqual(['Question 1: Is tea better than coffee?', 'Question 2: Green or black?']);
    const [one, two] = turns;
    expect(one).not.toHaveAttribute('open');
    expect(two).not.toHaveAttribute('open');

    await userEvent.click(within(one!).getByText('Is tea better than coffee?'));
    expect(one).toHaveAttribute('open');
    expect(within(one!).getByText('Tea is calmer.')).toBeInTheDocument();
    expect(within(one!).getByText('Individual responses')).toBeInTheDocument();
  });

  it('replays an earlier turn’s debate inside its disclosure, after its consensus and with its note', async () => {
    await renderConversation([first, second, third]);

    const [, two] = turnDisclosures(earlier());
    const conclusion = within(two!).getByRole('region', { name: SHARED_PAGE.consensusHeading });
    expect(within(conclusion).getByRole('article', { name: 'Council Consensus' })).toHaveTextContent(
      'The council picks green.',
    );
    const replay = within(two!).getByRole('region', { name: DEBATE_REPLAY.heading });
    expect(conclusion.compareDocumentPosition(replay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(replay).getByRole('region', { name: DEBATE_REPLAY.openingRound })).toHaveTextContent(
      'Black.',
    );
    expect(within(replay).getByRole('region', { name: SHARED_PAGE.askerNote })).toHaveTextContent(
      'Think of the morning.',
    );
    // Its final answer is read once, above the replay.
    expect(within(two!).getAllByText('Green, on reflection.')).toHaveLength(1);
    expect(within(two!).getByText('Debate mode')).toBeInTheDocument();
    // Only that turn debated.
    expect(screen.getAllByRole('region', { name: DEBATE_REPLAY.heading })).toHaveLength(1);
  });

  it('labels a cut-off answer by its own turn’s cap: the asker’s limit, else their balance', async () => {
    const cut = (tokenCap: number | null, answer: string): SharedTurn =>
      turn(`Capped at ${tokenCap}?`, answer, {
        question: { question: `Capped at ${tokenCap}?`, showDebate: false, showReasoning: false, tokenCap },
        responses: [sharedResponseFixture({ response: answer, stoppedAtLimit: true })],
      });
    await renderConversation([cut(null, 'Uncapped and cut'), cut(500, 'Capped and cut')]);

    const [latestAnswers] = screen.getAllByRole('region', { name: SHARED_PAGE.responsesHeading });
    expect(within(latestAnswers!).getByText(SHARED_PAGE.stoppedAtLimit)).toBeInTheDocument();
    expect(within(latestAnswers!).queryByText(SHARED_PAGE.stoppedAtBalance)).not.toBeInTheDocument();
    const [one] = turnDisclosures(screen.getByRole('region', { name: CONVERSATION_TEXTS.earlierTurns(1) }));
    expect(within(one!).getByText(SHARED_PAGE.stoppedAtBalance)).toBeInTheDocument();
    expect(within(one!).queryByText(SHARED_PAGE.stoppedAtLimit)).not.toBeInTheDocument();
  });

  it('reads as a single question when the conversation has one turn', async () => {
    await renderConversation([first]);

    const original = screen.getByRole('region', { name: SHARED_PAGE.originalQuestion });
    expect(within(original).getByText('Is tea better than coffee?')).toBeInTheDocument();
    expect(screen.queryByText(/Earlier in this conversation/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByText('Tea is calmer.')).toBeInTheDocument();
  });
});
