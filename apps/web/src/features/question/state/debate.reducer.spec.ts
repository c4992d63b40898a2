import { TOKEN_CAP_TEXTS, type StreamEvent } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { questionDetailFixture } from '@/testing/history.fixture';
import { withNoteSent, withoutPause } from './debate.reducer';
import { createQuestionStream, questionStreamFromDetail } from './question-seed';
import { clearForReplay, markCancelled } from './question.reducer';
import { debateTranscript } from './question-views';
import { completed, delta, failed, fold, meta } from './stream-events.fixture';

describe('Let me weigh in (debate:paused, debate:note, debate:resumed)', () => {
  const endsAt = '2026-01-01T12:01:00.000Z';
  const paused = (entryId: string, round: number): StreamEvent => ({
    type: 'debate:paused',
    ...meta(entryId),
    round,
    endsAt,
  });
  const note = (entryId: string, round: number, text: string): StreamEvent => ({
    type: 'debate:note',
    ...meta(entryId),
    round,
    note: text,
  });
  const resumed = (entryId: string, round: number): StreamEvent => ({
    type: 'debate:resumed',
    ...meta(entryId),
    round,
  });
  const roundEvent = (entryId: string, round: number, status: 'started' | 'completed'): StreamEvent => ({
    type: 'debate:round',
    ...meta(entryId),
    round,
    status,
  });
  const weighIn = () => createQuestionStream(askResultFixture({ showDebate: true, weighIn: true }));
  /** A running question read over REST while the debate waits after round 1, with the note after round 0. */
  const pausedDetail = () => {
    const detail = questionDetailFixture({
      showDebate: true,
      weighIn: true,
      status: 'running',
      pausedAfterRound: 1,
      pauseEndsAt: endsAt,
    });
    detail.notes = [{ afterRound: 0, note: 'Think of green tea.', createdAt: '2026-01-01T12:00:30.000Z' }];
    return detail;
  };

  it('a just-asked question is not paused and has no notes', () => {
    expect(weighIn()).toMatchObject({ pause: null, notes: [] });
  });

  it('shows the pause, records the note, ends the pause, then runs the next round', () => {
    const waiting = fold([delta('1-0', 0, 'Tea.'), completed('1-1', 0), paused('2-0', 0)], weighIn());
    expect(waiting.pause).toEqual({ round: 0, endsAt });
    expect(waiting.debateRound).toBeNull();

    const noted = fold([note('3-0', 0, 'Think of green tea.'), resumed('3-1', 0)], waiting);
    expect(noted.pause).toBeNull();
    expect(noted.notes).toEqual([{ afterRound: 0, note: 'Think of green tea.' }]);

    const next = fold([roundEvent('4-0', 1, 'started')], noted);
    expect(next.debateRound).toBe(1);
    expect(next.notes).toHaveLength(1);
  });

  it('the countdown running out ends the pause without a note', () => {
    const state = fold([paused('1-0', 0), resumed('2-0', 0)], weighIn());
    expect(state.pause).toBeNull();
    expect(state.notes).toEqual([]);
  });

  it('a later round, the consensus, the end of the question or Stop leave no pause behind', () => {
    const waiting = fold([paused('1-0', 1)], weighIn());
    expect(fold([roundEvent('2-0', 2, 'started')], waiting).pause).toBeNull();
    expect(
      fold([{ type: 'consensus:delta', ...meta('2-0'), kind: 'text', text: 'Tea.' }], waiting).pause,
    ).toBeNull();
    expect(fold([{ type: 'question:completed', ...meta('2-0'), totalTokensUsed: 9 }], waiting)).toMatchObject(
      { pause: null, status: 'completed' },
    );
    expect(markCancelled(waiting).pause).toBeNull();
  });

  it('the end of an earlier pause leaves a later one', () => {
    const waiting = fold([paused('1-0', 2)], weighIn());
    expect(withoutPause(waiting, 1)).toBe(waiting);
    expect(withoutPause(waiting, 2).pause).toBeNull();
  });

  it('builds the pause and the notes from a question read after a reload', () => {
    const state = questionStreamFromDetail(pausedDetail());
    expect(state.pause).toEqual({ round: 1, endsAt });
    expect(state.notes).toEqual([{ afterRound: 0, note: 'Think of green tea.' }]);
  });

  it('a finished question read back shows no pause, whatever its columns say', () => {
    const detail = pausedDetail();
    detail.question.status = 'completed';
    expect(questionStreamFromDetail(detail).pause).toBeNull();
  });

  it('a replay from the first entry keeps the pause and arrives at the same state, each note once', () => {
    const fromRest = clearForReplay(questionStreamFromDetail(pausedDetail()));
    expect(fromRest.pause).toEqual({ round: 1, endsAt });
    const replayed = fold(
      [
        paused('1-0', 0),
        note('2-0', 0, 'Think of green tea.'),
        resumed('2-1', 0),
        roundEvent('3-0', 1, 'started'),
        roundEvent('4-0', 1, 'completed'),
        paused('4-1', 1),
      ],
      fromRest,
    );
    expect(replayed.pause).toEqual({ round: 1, endsAt });
    expect(replayed.notes).toEqual([{ afterRound: 0, note: 'Think of green tea.' }]);
  });

  it('a note we sent ends its pause at once; the stream’s copy of it replaces ours', () => {
    const waiting = fold([paused('1-0', 0)], weighIn());
    const sent = withNoteSent(waiting, 0, 'Mind the caffeine.');
    expect(sent.pause).toBeNull();
    expect(sent.notes).toEqual([{ afterRound: 0, note: 'Mind the caffeine.' }]);
    const echoed = fold([note('2-0', 0, 'Mind the caffeine, please.'), resumed('2-1', 0)], sent);
    expect(echoed.notes).toEqual([{ afterRound: 0, note: 'Mind the caffeine, please.' }]);
  });

  it('puts each note in the debate log after its round, live and read back alike', () => {
    const live = fold(
      [
        delta('1-0', 0, 'Tea.'),
        completed('1-1', 0),
        paused('1-2', 0),
        note('2-0', 0, 'Think of green tea.'),
        resumed('2-1', 0),
        roundEvent('3-0', 1, 'started'),
        delta('3-1', 0, 'Green tea.\n\nPosition: changed', 1),
        completed('3-2', 0, 1),
        roundEvent('3-3', 1, 'completed'),
        { type: 'question:completed', ...meta('4-0'), totalTokensUsed: 60 },
      ],
      weighIn(),
    );
    const detail = questionDetailFixture({ showDebate: true, weighIn: true, status: 'completed' });
    detail.answers = [
      { ...detail.answers[0]!, round: 0, response: 'Tea.' },
      { ...detail.answers[0]!, id: 510, round: 1, response: 'Green tea.' },
    ];
    detail.notes = [{ afterRound: 0, note: 'Think of green tea.', createdAt: endsAt }];
    const shape = (state: typeof live) =>
      debateTranscript(state).map(({ round, note: after, entries }) => ({
        round,
        texts: entries.map(({ text }) => text),
        note: after,
      }));
    expect(shape(live)).toEqual([
      { round: 0, texts: ['Tea.'], note: 'Think of green tea.' },
      { round: 1, texts: ['Green tea.'], note: null },
    ]);
    expect(shape(questionStreamFromDetail(detail))).toEqual(shape(live));
  });
});

describe('one debate, live and read back (the same transcript and token counts)', () => {
  it('marks the round the debate is in while it runs', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const running = fold(
      [delta('1-0', 0, 'Tea.'), { type: 'debate:round', ...meta('2-0'), round: 1, status: 'started' }],
      start,
    );
    expect(debateTranscript(running).map((round) => [round.round, round.inProgress])).toEqual([
      [0, false],
      [1, true],
    ]);
  });
});

describe('Stop at N tokens (stoppedAtLimit; answers the cap left no room for)', () => {
  const debate = () => createQuestionStream(askResultFixture({ showDebate: true, tokenCap: 2000 }));

  it('a new debate round clears the label of the round before, and does not re-ask a stopped member', () => {
    const state = fold(
      [
        completed('1-0', 0, 0, true),
        failed('1-1', 1, TOKEN_CAP_TEXTS.notStarted),
        completed('1-2', 2),
        { type: 'debate:round', ...meta('2-0'), round: 1, status: 'started' },
      ],
      debate(),
    );
    expect(state.members.map(({ phase, stoppedAtLimit }) => [phase, stoppedAtLimit])).toEqual([
      ['pending', false],
      ['capped', false],
      ['pending', false],
    ]);
    // Whatever the later rounds do, the council was shortened.
    expect(state.capShortened).toBe(true);
  });
});
