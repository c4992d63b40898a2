import { QUESTION_CANCELLED_MESSAGE, type StreamEvent } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { questionDetailFixture } from '@/testing/history.fixture';
import { createQuestionStream, questionStreamFromDetail } from './question-seed';
import { clearForReplay, markCancelled, withStoredUsage } from './question.reducer';
import { answerState, memberText, singleErrorMessage } from './question-views';
import { completed, delta, failed, fold, meta } from './stream-events.fixture';

describe('question entries (question:completed, question:failed)', () => {
  it('shows the red panel message when no member got through', () => {
    const state = fold([failed('1-0', 0, 'boom'), failed('1-1', 1), failed('1-2', 2)]);
    expect(singleErrorMessage(state)).toBe('boom');
    const whole = fold([{ type: 'question:failed', ...meta('1-0'), error: 'No tokens', reason: 'error' }]);
    expect(singleErrorMessage(whole)).toBe('No tokens');
    expect(whole.status).toBe('failed');
  });
});

describe('Stop (DECISIONS 18)', () => {
  const stopEvent = (entryId: string): StreamEvent => ({
    type: 'question:failed',
    ...meta(entryId),
    error: QUESTION_CANCELLED_MESSAGE,
    reason: 'cancelled',
  });

  it('the stream’s stop event keeps every streamed answer, marked stopped, with no error panel', () => {
    const state = fold([delta('1-0', 0, 'Half of'), delta('1-1', 1, 'A third'), stopEvent('2-0')]);
    expect(state.status).toBe('cancelled');
    expect(state.error).toBeNull();
    expect(state.members.map((member) => answerState(member, state.status))).toEqual([
      'stopped',
      'stopped',
      'stopped',
    ]);
    expect(memberText(state.members[0])).toBe('Half of');
    expect(memberText(state.members[1])).toBe('A third');
    expect(singleErrorMessage(state)).toBeNull();
  });

  it('after the Stop reply, the stop event changes nothing', () => {
    const stopped = markCancelled(fold([delta('1-0', 0, 'Half')]));
    const after = fold([stopEvent('2-0')], stopped);
    expect(after.members.map((member) => member.phase)).toEqual(
      stopped.members.map((member) => member.phase),
    );
    expect(singleErrorMessage(after)).toBeNull();
  });

  it('a saved stopped question shows its partial answers as stopped', () => {
    const detail = questionDetailFixture({ status: 'cancelled' });
    const [first, second, third] = detail.answers;
    detail.answers = [
      { ...first, status: 'failed', error: QUESTION_CANCELLED_MESSAGE, response: 'Half of it' },
      { ...second, response: 'All of it' },
      { ...third, status: 'pending', response: '' },
    ];
    const state = questionStreamFromDetail(detail);
    expect(state.members.map((member) => answerState(member, state.status))).toEqual([
      'stopped',
      'done',
      'stopped',
    ]);
    expect(memberText(state.members[0])).toBe('Half of it');
    expect(singleErrorMessage(state)).toBeNull();
  });
});

describe('a subscription from the first entry (clearForReplay)', () => {
  it('drops stored text so the full replay after a reload shows each answer once', () => {
    const running = { ...createQuestionStream(askResultFixture()), status: 'running' as const };
    // As read over REST mid-stream: member 0 already stored its whole answer.
    const stored = fold([delta('1-0', 0, 'Tea '), delta('1-1', 0, 'wins.'), completed('1-2', 0)], running);
    const fromRest = { ...stored, lastEntryId: null };
    const replayed = fold(
      [delta('1-0', 0, 'Tea '), delta('1-1', 0, 'wins.'), completed('1-2', 0)],
      clearForReplay(fromRest),
    );
    expect(memberText(replayed.members[0])).toBe('Tea wins.');
    expect(replayed.members[0].usage.totalTokens).toBe(30);
    expect(answerState(replayed.members[0], replayed.status)).toBe('done');
  });

  it('leaves a state that has applied entries, or a finished question, alone', () => {
    const live = fold([delta('1-0', 0, 'Tea')]);
    expect(clearForReplay(live)).toBe(live);
    const done = { ...createQuestionStream(askResultFixture()), status: 'completed' as const };
    expect(clearForReplay(done)).toBe(done);
  });
});

describe('Stop at N tokens (stoppedAtLimit; answers the cap left no room for)', () => {
  it('a replay from the first entry starts the shortened council over', () => {
    const running = { ...createQuestionStream(askResultFixture()), status: 'running' as const };
    const stored = { ...fold([completed('1-0', 0, 0, true)], running), lastEntryId: null };
    const cleared = clearForReplay(stored);
    expect(cleared.capShortened).toBe(false);
    expect(cleared.members[0]?.stoppedAtLimit).toBe(false);
  });
});

describe('withStoredUsage', () => {
  it('takes only the counts a stopped question stored, never its text or states', () => {
    const shown = {
      ...createQuestionStream(askResultFixture()),
      status: 'cancelled' as const,
    };
    shown.members = shown.members.map((member) =>
      member.order === 0
        ? { ...member, text: 'Half an answer', hasText: true, phase: 'cancelled' as const }
        : member,
    );
    const stored = createQuestionStream(askResultFixture());
    stored.members = stored.members.map((member) =>
      member.order === 0
        ? { ...member, text: '', usage: { promptTokens: 40, completionTokens: 7, totalTokens: 47 } }
        : member,
    );
    const merged = withStoredUsage(shown, stored);
    expect(merged.members[0]).toMatchObject({ text: 'Half an answer', phase: 'cancelled' });
    expect(merged.members[0]?.usage.totalTokens).toBe(47);
    expect(merged.members[1]).toEqual(shown.members[1]);
    expect(merged.status).toBe('cancelled');
  });
});
