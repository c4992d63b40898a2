import { compareEntryIds, type StreamEvent } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { createQuestionStream } from './question-seed';
import { answerState, memberText } from './question-views';
import { applyStreamEvent } from './stream.reducer';
import { completed, delta, fold, meta } from './stream-events.fixture';

describe('question stream reducer', () => {
  it('ignores replays at or before the last entry id', () => {
    const once = fold([delta('1-0', 0, 'A'), delta('1-1', 0, 'B')]);
    const replayed = fold([delta('1-0', 0, 'A'), delta('1-1', 0, 'B')], once);
    expect(replayed).toBe(once);
    expect(memberText(fold([delta('1-2', 0, 'C')], replayed).members[0])).toBe('ABC');
  });

  it('orders entry ids numerically, not as strings', () => {
    expect(compareEntryIds('10-0', '9-5')).toBeGreaterThan(0);
    expect(compareEntryIds('9-10', '9-9')).toBeGreaterThan(0);
    expect(compareEntryIds('9-1', '9-1')).toBe(0);
  });

  it('ignores events of another question', () => {
    const start = createQuestionStream(askResultFixture());
    const other: StreamEvent = {
      type: 'answer:delta',
      questionId: 7,
      entryId: '1-0',
      memberOrder: 0,
      round: 0,
      kind: 'text',
      text: 'x',
    };
    expect(applyStreamEvent(start, other)).toBe(start);
  });

  it('tracks debate rounds, revisions and the consensus', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const state = fold(
      [
        delta('1-0', 0, 'Tea'),
        completed('1-1', 0),
        { type: 'debate:round', ...meta('2-0'), round: 1, status: 'started' },
        delta('2-1', 0, 'Still tea', 1),
      ],
      start,
    );
    expect(state.debateRound).toBe(1);
    expect(state.members[0].round).toBe(1);
    expect(memberText(state.members[0])).toBe('Still tea');
    expect(state.members[0].rounds[0]).toBe('Tea');
    expect(answerState(state.members[1], state.status)).toBe('thinking');

    const done = fold(
      [
        completed('3-0', 0, 1),
        { type: 'debate:round', ...meta('3-1'), round: 1, status: 'completed' },
        { type: 'consensus:delta', ...meta('4-0'), kind: 'text', text: 'Agreed: tea.' },
        {
          type: 'consensus:completed',
          ...meta('4-1'),
          responseId: 900,
          stoppedAtLimit: false,
          promptTokens: 5,
          completionTokens: 6,
          totalTokens: 11,
        },
        { type: 'question:completed', ...meta('5-0'), totalTokensUsed: 71 },
      ],
      state,
    );
    expect(done.debateRound).toBeNull();
    expect(done.members[0].usage.totalTokens).toBe(60);
    expect(done.consensus).toMatchObject({ text: 'Agreed: tea.', phase: 'completed', responseId: 900 });
    expect(done.status).toBe('completed');
    expect(done.totalTokensUsed).toBe(71);
  });
});
