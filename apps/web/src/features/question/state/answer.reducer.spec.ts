import { BALANCE_STOP_TEXTS, TOKEN_CAP_TEXTS } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { markRetrying } from './answer.reducer';
import { markCancelled } from './question.reducer';
import { answerState, memberText, singleErrorMessage } from './question-views';
import { completed, delta, failed, fold, meta } from './stream-events.fixture';

describe('answer entries (answer:delta, answer:completed, answer:failed)', () => {
  it('appends deltas in order per member and shows them as streaming', () => {
    const state = fold([delta('1-0', 0, 'Tea '), delta('1-1', 1, 'Coffee'), delta('2-0', 0, 'wins.')]);
    expect(memberText(state.members[0])).toBe('Tea wins.');
    expect(memberText(state.members[1])).toBe('Coffee');
    expect(answerState(state.members[0], state.status)).toBe('streaming');
    expect(answerState(state.members[2], state.status)).toBe('thinking');
    expect(state.lastEntryId).toBe('2-0');
  });

  it('keeps reasoning apart and shows "thinking" until text arrives', () => {
    const state = fold([delta('1-0', 0, 'Let me see', 0, 'reasoning')]);
    expect(state.members[0].reasoning).toBe('Let me see');
    expect(memberText(state.members[0])).toBe('');
    expect(answerState(state.members[0], state.status)).toBe('thinking');
  });

  it('completed sets the token counts and "done"', () => {
    const state = fold([delta('1-0', 0, 'Tea'), completed('2-0', 0)]);
    expect(state.members[0].usage).toEqual({ promptTokens: 10, completionTokens: 20, totalTokens: 30 });
    expect(state.members[0].responseId).toBe(500);
    expect(answerState(state.members[0], state.status)).toBe('done');
  });

  it('failed marks the member for the Service Issue card, the others carry on', () => {
    const state = fold([failed('1-0', 1), delta('1-1', 0, 'Tea')]);
    expect(state.members[1]).toMatchObject({ phase: 'failed', error: 'upstream 500', responseId: 601 });
    expect(answerState(state.members[1], state.status)).toBe('failed');
    expect(singleErrorMessage(state)).toBeNull();
  });

  it('Stop keeps partial answers and marks them stopped; Retry starts a member over', () => {
    const state = fold([delta('1-0', 0, 'Half'), failed('1-1', 1)]);
    const stopped = markCancelled(state);
    expect(stopped.status).toBe('cancelled');
    expect(answerState(stopped.members[0], stopped.status)).toBe('stopped');
    expect(memberText(stopped.members[0])).toBe('Half');
    expect(stopped.members[1].phase).toBe('failed');

    const retried = markRetrying(state, 1);
    expect(retried.members[1]).toMatchObject({ phase: 'pending', error: null, rounds: [] });
    const again = fold([delta('3-0', 1, 'Second try')], retried);
    expect(memberText(again.members[1])).toBe('Second try');
  });
});

describe('retried attempts (answer:reset, consensus:reset)', () => {
  it('drops what the member showed for that round; the new deltas start afresh', () => {
    const state = fold([
      delta('1-0', 0, 'Broken half', 0),
      delta('1-1', 0, 'thoughts', 0, 'reasoning'),
      { type: 'answer:reset', ...meta('2-0'), memberOrder: 0, round: 0, attempt: 2 },
    ]);
    expect(memberText(state.members[0])).toBe('');
    expect(state.members[0].reasoning).toBe('');
    expect(answerState(state.members[0], state.status)).toBe('thinking');
    expect(memberText(fold([delta('2-1', 0, 'Fresh')], state).members[0])).toBe('Fresh');
  });
});

describe('Stop at N tokens (stoppedAtLimit; answers the cap left no room for)', () => {
  it('keeps stoppedAtLimit from answer:completed, with the text written before the cut', () => {
    const state = fold([
      delta('1-0', 0, 'Tea is'),
      completed('1-1', 0, 0, true),
      delta('1-2', 1, 'Coffee.'),
      completed('1-3', 1),
    ]);
    expect(state.members[0]).toMatchObject({ phase: 'completed', stoppedAtLimit: true });
    expect(memberText(state.members[0])).toBe('Tea is');
    expect(answerState(state.members[0], state.status)).toBe('done');
    expect(state.members[1]?.stoppedAtLimit).toBe(false);
    expect(state.capShortened).toBe(true);
  });

  it('shows an answer the cap did not start as stopped: not failed, no red panel, no retry', () => {
    const notStarted = (entryId: string, memberOrder: number) =>
      failed(entryId, memberOrder, TOKEN_CAP_TEXTS.notStarted);
    const state = fold([notStarted('1-0', 0), notStarted('1-1', 1), notStarted('1-2', 2)]);
    expect(state.members.map((member) => member.phase)).toEqual(['capped', 'capped', 'capped']);
    expect(answerState(state.members[0], state.status)).toBe('stopped');
    expect(state.members[0]?.error).toBe(TOKEN_CAP_TEXTS.notStarted);
    expect(singleErrorMessage(state)).toBeNull();
    expect(state.capShortened).toBe(true);
    // Any other failure is still a failure.
    expect(fold([failed('1-0', 0)]).members[0]?.phase).toBe('failed');
  });

  it('shows an answer the balance could not start as stopped too, with its note (DECISIONS 26)', () => {
    const state = fold([failed('1-0', 0, BALANCE_STOP_TEXTS.notStarted), completed('1-1', 1)]);
    expect(state.members[0]?.phase).toBe('capped');
    expect(answerState(state.members[0]!, state.status)).toBe('stopped');
    expect(state.members[0]?.error).toBe(BALANCE_STOP_TEXTS.notStarted);
    expect(singleErrorMessage(state)).toBeNull();
    expect(state.capShortened).toBe(true);
  });
});
