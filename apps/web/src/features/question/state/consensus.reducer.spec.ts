import { TOKEN_CAP_TEXTS, type StreamEvent } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { createQuestionStream } from './question-seed';
import { answerState, memberText } from './question-views';
import { delta, fold, meta } from './stream-events.fixture';

describe('consensus entries (consensus:delta, consensus:completed, consensus:failed)', () => {
  it('a failed consensus keeps the members', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const state = fold(
      [delta('1-0', 0, 'Tea'), { type: 'consensus:failed', ...meta('2-0'), responseId: null, error: 'x' }],
      start,
    );
    expect(state.consensus).toMatchObject({ phase: 'failed', error: 'x' });
    expect(answerState(state.consensus!, state.status)).toBe('failed');
    expect(memberText(state.members[0])).toBe('Tea');
  });
});

describe('retried attempts (answer:reset, consensus:reset)', () => {
  it('starts the consensus afresh', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const state = fold(
      [
        { type: 'consensus:delta', ...meta('1-0'), kind: 'text', text: 'Old' },
        { type: 'consensus:reset', ...meta('2-0'), attempt: 2 },
        { type: 'consensus:delta', ...meta('2-1'), kind: 'text', text: 'New' },
      ],
      start,
    );
    expect(state.consensus?.text).toBe('New');
  });
});

describe('Stop at N tokens (stoppedAtLimit; answers the cap left no room for)', () => {
  const consensusCompleted = (entryId: string, stoppedAtLimit: boolean): StreamEvent => ({
    type: 'consensus:completed',
    ...meta(entryId),
    responseId: 900,
    stoppedAtLimit,
    promptTokens: 5,
    completionTokens: 6,
    totalTokens: 11,
  });
  const debate = () => createQuestionStream(askResultFixture({ showDebate: true, tokenCap: 2000 }));

  it('keeps stoppedAtLimit from consensus:completed, with its text', () => {
    const state = fold(
      [
        { type: 'consensus:delta', ...meta('1-0'), kind: 'text', text: 'Mostly tea' },
        consensusCompleted('1-1', true),
      ],
      debate(),
    );
    expect(state.consensus).toMatchObject({ text: 'Mostly tea', phase: 'completed', stoppedAtLimit: true });
    // The consensus's own cut is its label; the council was not shortened.
    expect(state.capShortened).toBe(false);
    expect(fold([consensusCompleted('1-0', false)], debate()).consensus?.stoppedAtLimit).toBe(false);
  });

  it('shows a consensus the cap left no room for as stopped, not failed', () => {
    const state = fold(
      [
        {
          type: 'consensus:failed',
          ...meta('1-0'),
          responseId: 900,
          error: TOKEN_CAP_TEXTS.consensusNotWritten,
        },
      ],
      debate(),
    );
    expect(state.consensus).toMatchObject({ phase: 'capped', error: TOKEN_CAP_TEXTS.consensusNotWritten });
    expect(answerState(state.consensus!, state.status)).toBe('stopped');
  });
});
