import {
  type AgreementClaim,
  type AgreementMapResult,
  QUESTION_CANCELLED_MESSAGE,
  BALANCE_STOP_TEXTS,
  TOKEN_CAP_TEXTS,
  compareEntryIds,
} from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { questionDetailFixture, responseRowFixture } from '@/testing/history.fixture';
import {
  type StreamEvent,
  answerState,
  applyStreamEvent,
  clearForReplay,
  createQuestionStream,
  debateTranscript,
  markCancelled,
  markRetrying,
  memberText,
  questionStreamFromDetail,
  singleErrorMessage,
  withNoteSent,
  withoutPause,
  withStoredUsage,
} from './question-stream';

const meta = (entryId: string) => ({ questionId: 42, entryId });
const delta = (
  entryId: string,
  memberOrder: number,
  text: string,
  round = 0,
  kind: 'text' | 'reasoning' = 'text',
): StreamEvent => ({
  type: 'answer:delta',
  payload: { ...meta(entryId), memberOrder, round, kind, text },
});
const completed = (entryId: string, memberOrder: number, round = 0, stoppedAtLimit = false): StreamEvent => ({
  type: 'answer:completed',
  payload: {
    ...meta(entryId),
    memberOrder,
    round,
    responseId: 500 + memberOrder,
    stoppedAtLimit,
    promptTokens: 10,
    completionTokens: 20,
    totalTokens: 30,
  },
});
const failed = (entryId: string, memberOrder: number, error = 'upstream 500'): StreamEvent => ({
  type: 'answer:failed',
  payload: { ...meta(entryId), memberOrder, round: 0, responseId: 600 + memberOrder, error },
});

const fold = (events: StreamEvent[], start = createQuestionStream(askResultFixture())) =>
  events.reduce(applyStreamEvent, start);

describe('question stream reducer', () => {
  it('starts with one queued member per agent, in order', () => {
    const state = createQuestionStream(askResultFixture());
    expect(state.members.map((member) => member.agent?.name)).toEqual(['ChatGPT', 'Claude', 'Grok']);
    expect(state.members.map((member) => answerState(member, state.status))).toEqual([
      'queued',
      'queued',
      'queued',
    ]);
    expect(state.consensus).toBeNull();
  });

  it('appends deltas in order per member and shows them as streaming', () => {
    const state = fold([delta('1-0', 0, 'Tea '), delta('1-1', 1, 'Coffee'), delta('2-0', 0, 'wins.')]);
    expect(memberText(state.members[0])).toBe('Tea wins.');
    expect(memberText(state.members[1])).toBe('Coffee');
    expect(answerState(state.members[0], state.status)).toBe('streaming');
    expect(answerState(state.members[2], state.status)).toBe('thinking');
    expect(state.lastEntryId).toBe('2-0');
  });

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
      payload: { questionId: 7, entryId: '1-0', memberOrder: 0, round: 0, kind: 'text', text: 'x' },
    };
    expect(applyStreamEvent(start, other)).toBe(start);
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

  it('shows the red panel message when no member got through', () => {
    const state = fold([failed('1-0', 0, 'boom'), failed('1-1', 1), failed('1-2', 2)]);
    expect(singleErrorMessage(state)).toBe('boom');
    const whole = fold([
      { type: 'question:failed', payload: { ...meta('1-0'), error: 'No tokens', reason: 'error' } },
    ]);
    expect(singleErrorMessage(whole)).toBe('No tokens');
    expect(whole.status).toBe('failed');
  });

  it('tracks debate rounds, revisions and the consensus', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const state = fold(
      [
        delta('1-0', 0, 'Tea'),
        completed('1-1', 0),
        { type: 'debate:round', payload: { ...meta('2-0'), round: 1, status: 'started' } },
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
        { type: 'debate:round', payload: { ...meta('3-1'), round: 1, status: 'completed' } },
        { type: 'consensus:delta', payload: { ...meta('4-0'), kind: 'text', text: 'Agreed: tea.' } },
        {
          type: 'consensus:completed',
          payload: {
            ...meta('4-1'),
            responseId: 900,
            stoppedAtLimit: false,
            promptTokens: 5,
            completionTokens: 6,
            totalTokens: 11,
          },
        },
        { type: 'question:completed', payload: { ...meta('5-0'), totalTokensUsed: 71 } },
      ],
      state,
    );
    expect(done.debateRound).toBeNull();
    expect(done.members[0].usage.totalTokens).toBe(60);
    expect(done.consensus).toMatchObject({ text: 'Agreed: tea.', phase: 'completed', responseId: 900 });
    expect(done.status).toBe('completed');
    expect(done.totalTokensUsed).toBe(71);
  });

  it('a failed consensus keeps the members', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const state = fold(
      [
        delta('1-0', 0, 'Tea'),
        { type: 'consensus:failed', payload: { ...meta('2-0'), responseId: null, error: 'x' } },
      ],
      start,
    );
    expect(state.consensus).toMatchObject({ phase: 'failed', error: 'x' });
    expect(answerState(state.consensus!, state.status)).toBe('failed');
    expect(memberText(state.members[0])).toBe('Tea');
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

describe('one debate, live and read back (the same transcript and token counts)', () => {
  it('folds the stream and the stored rows into the same log and per-member totals', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const live = fold(
      [
        delta('1-0', 0, 'Tea.'),
        completed('1-1', 0),
        delta('1-2', 1, 'Coffee.'),
        completed('1-3', 1),
        { type: 'debate:round', payload: { ...meta('2-0'), round: 1, status: 'started' } },
        delta('2-1', 0, 'Still tea.\n\nPosition: unchanged', 1),
        completed('2-2', 0, 1),
        { type: 'debate:round', payload: { ...meta('2-3'), round: 1, status: 'completed' } },
        { type: 'question:completed', payload: { ...meta('3-0'), totalTokensUsed: 90 } },
      ],
      start,
    );
    const detail = questionDetailFixture({ showDebate: true, status: 'completed' });
    const row = (memberOrder: number, round: number, response: string) => ({
      ...detail.answers[memberOrder]!,
      id: 700 + memberOrder * 10 + round,
      round,
      response,
      promptTokens: 10,
      completionTokens: 20,
      totalTokens: 30,
    });
    detail.answers = [row(0, 0, 'Tea.'), row(0, 1, 'Still tea.'), row(1, 0, 'Coffee.')];
    const saved = questionStreamFromDetail(detail);

    const shape = (state: typeof live) =>
      debateTranscript(state).map(({ round, inProgress, entries }) => ({
        round,
        inProgress,
        entries: entries.map(({ member, text }) => [member.order, text]),
      }));
    expect(shape(saved)).toEqual(shape(live));
    expect(shape(live)).toEqual([
      {
        round: 0,
        inProgress: false,
        entries: [
          [0, 'Tea.'],
          [1, 'Coffee.'],
        ],
      },
      { round: 1, inProgress: false, entries: [[0, 'Still tea.']] },
    ]);
    expect(saved.members.map((member) => member.usage.totalTokens)).toEqual(
      live.members.map((member) => member.usage.totalTokens),
    );
    expect(saved.members[0]?.usage.totalTokens).toBe(60);
  });

  it('marks the round the debate is in while it runs', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const running = fold(
      [
        delta('1-0', 0, 'Tea.'),
        { type: 'debate:round', payload: { ...meta('2-0'), round: 1, status: 'started' } },
      ],
      start,
    );
    expect(debateTranscript(running).map((round) => [round.round, round.inProgress])).toEqual([
      [0, false],
      [1, true],
    ]);
  });
});

describe('Stop (DECISIONS 18)', () => {
  const stopEvent = (entryId: string): StreamEvent => ({
    type: 'question:failed',
    payload: { ...meta(entryId), error: QUESTION_CANCELLED_MESSAGE, reason: 'cancelled' },
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

describe('retried attempts (answer:reset, consensus:reset)', () => {
  it('drops what the member showed for that round; the new deltas start afresh', () => {
    const state = fold([
      delta('1-0', 0, 'Broken half', 0),
      delta('1-1', 0, 'thoughts', 0, 'reasoning'),
      { type: 'answer:reset', payload: { ...meta('2-0'), memberOrder: 0, round: 0, attempt: 2 } },
    ]);
    expect(memberText(state.members[0])).toBe('');
    expect(state.members[0].reasoning).toBe('');
    expect(answerState(state.members[0], state.status)).toBe('thinking');
    expect(memberText(fold([delta('2-1', 0, 'Fresh')], state).members[0])).toBe('Fresh');
  });

  it('starts the consensus afresh', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const state = fold(
      [
        { type: 'consensus:delta', payload: { ...meta('1-0'), kind: 'text', text: 'Old' } },
        { type: 'consensus:reset', payload: { ...meta('2-0'), attempt: 2 } },
        { type: 'consensus:delta', payload: { ...meta('2-1'), kind: 'text', text: 'New' } },
      ],
      start,
    );
    expect(state.consensus?.text).toBe('New');
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

describe('the agreement map (agreement:claim, agreement:reset, agreement:completed)', () => {
  const claim = (text: string): AgreementClaim => ({
    claim: text,
    stances: [
      { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
      { memberOrder: 1, stance: 'opposes', reason: 'Coffee is tastier.', changedInRound: null },
    ],
  });
  const claimEvent = (entryId: string, index: number, text: string): StreamEvent => ({
    type: 'agreement:claim',
    payload: { ...meta(entryId), index, claim: claim(text) },
  });
  const mapped: AgreementMapResult = { status: 'mapped', claims: [claim('Tea is calmer.')] };
  const debate = () => createQuestionStream(askResultFixture({ showDebate: true }));

  it('collects draft claims by their index while the leader writes them', () => {
    const state = fold(
      [
        { type: 'consensus:delta', payload: { ...meta('1-0'), kind: 'text', text: 'Agreed: tea.' } },
        claimEvent('2-0', 1, 'Second'),
        claimEvent('2-1', 0, 'First'),
        claimEvent('2-2', 1, 'Second, rewritten'),
      ],
      debate(),
    );
    expect(state.consensus?.agreement.mapping).toBe(true);
    expect(state.consensus?.agreement.map).toBeNull();
    expect(state.consensus?.agreement.drafts.map(({ index, claim }) => [index, claim.claim])).toEqual([
      [0, 'First'],
      [1, 'Second, rewritten'],
    ]);
    expect(state.consensus?.text).toBe('Agreed: tea.');
  });

  it('agreement:reset drops the drafts; the next attempt starts afresh', () => {
    const state = fold(
      [
        claimEvent('1-0', 0, 'Malformed try'),
        { type: 'agreement:reset', payload: { ...meta('2-0'), attempt: 2 } },
      ],
      debate(),
    );
    expect(state.consensus?.agreement).toEqual({ drafts: [], mapping: true, map: null });
    const again = fold([claimEvent('2-1', 0, 'Second try')], state);
    expect(again.consensus?.agreement.drafts.map((draft) => draft.claim.claim)).toEqual(['Second try']);
  });

  it('agreement:completed replaces the drafts with the map, and consensus:completed keeps it', () => {
    const state = fold(
      [
        claimEvent('1-0', 0, 'Draft'),
        { type: 'agreement:completed', payload: { ...meta('2-0'), map: mapped } },
        {
          type: 'consensus:completed',
          payload: {
            ...meta('2-1'),
            responseId: 900,
            stoppedAtLimit: false,
            promptTokens: 1,
            completionTokens: 2,
            totalTokens: 3,
          },
        },
      ],
      debate(),
    );
    expect(state.consensus?.agreement).toEqual({ drafts: [], mapping: false, map: mapped });
    expect(state.consensus?.phase).toBe('completed');
  });

  it('keeps the note of a map that could not be drawn', () => {
    const note = { status: 'unavailable', note: 'The agreement map could not be drawn.' } as const;
    const state = fold([{ type: 'agreement:completed', payload: { ...meta('1-0'), map: note } }], debate());
    expect(state.consensus?.agreement.map).toEqual(note);
  });

  it('consensus:reset clears the prose but leaves the map drawn beside it, which resets on its own', () => {
    const drafting = fold(
      [claimEvent('1-0', 0, 'Draft'), { type: 'consensus:reset', payload: { ...meta('2-0'), attempt: 2 } }],
      debate(),
    );
    expect(drafting.consensus?.agreement.drafts.map((draft) => draft.index)).toEqual([0]);
    expect(drafting.consensus?.agreement.mapping).toBe(true);
    const drawn = fold(
      [
        { type: 'agreement:completed', payload: { ...meta('1-0'), map: mapped } },
        { type: 'consensus:delta', payload: { ...meta('1-1'), kind: 'text', text: 'Half' } },
        { type: 'consensus:reset', payload: { ...meta('2-0'), attempt: 2 } },
      ],
      debate(),
    );
    expect(drawn.consensus).toMatchObject({ text: '', phase: 'pending' });
    expect(drawn.consensus?.agreement).toEqual({ drafts: [], mapping: false, map: mapped });
    const redrawn = fold([{ type: 'agreement:reset', payload: { ...meta('3-0'), attempt: 1 } }], drafting);
    expect(redrawn.consensus?.agreement).toEqual({ drafts: [], mapping: true, map: null });
  });

  it('ignores a replayed claim at or before the last entry id', () => {
    const once = fold([claimEvent('1-0', 0, 'Once')], debate());
    expect(fold([claimEvent('1-0', 0, 'Once')], once)).toBe(once);
  });

  it('a reload reads the map stored on the consensus row', () => {
    const detail = questionDetailFixture({ showDebate: true, status: 'completed' });
    detail.answers = [
      ...detail.answers,
      responseRowFixture({
        id: 900,
        provider: 'consensus',
        memberOrder: null,
        agentId: null,
        modelId: null,
        response: 'Agreed: tea.',
        agreementMap: mapped,
      }),
    ];
    const state = questionStreamFromDetail(detail);
    expect(state.consensus).toMatchObject({ text: 'Agreed: tea.', phase: 'completed' });
    expect(state.consensus?.agreement).toEqual({ drafts: [], mapping: false, map: mapped });
  });

  it('a stored consensus without a map, or with a malformed one, has none', () => {
    const detail = questionDetailFixture({ showDebate: true, status: 'completed' });
    const consensusRow = (agreementMap: unknown) =>
      responseRowFixture({
        id: 900,
        provider: 'consensus',
        memberOrder: null,
        agreementMap: agreementMap as AgreementMapResult | null,
      });
    detail.answers = [consensusRow(null)];
    expect(questionStreamFromDetail(detail).consensus?.agreement.map).toBeNull();
    detail.answers = [consensusRow({ status: 'mapped', claims: 'not a list' })];
    expect(questionStreamFromDetail(detail).consensus?.agreement.map).toBeNull();
  });

  it('a replay from the first entry drops the stored map and rebuilds it from the stream', () => {
    const running = { ...debate(), status: 'running' as const };
    const stored = fold([{ type: 'agreement:completed', payload: { ...meta('1-0'), map: mapped } }], running);
    const cleared = clearForReplay({ ...stored, lastEntryId: null });
    expect(cleared.consensus?.agreement.map).toBeNull();
  });
});

describe('Let me weigh in (debate:paused, debate:note, debate:resumed)', () => {
  const endsAt = '2026-01-01T12:01:00.000Z';
  const paused = (entryId: string, round: number): StreamEvent => ({
    type: 'debate:paused',
    payload: { ...meta(entryId), round, endsAt },
  });
  const note = (entryId: string, round: number, text: string): StreamEvent => ({
    type: 'debate:note',
    payload: { ...meta(entryId), round, note: text },
  });
  const resumed = (entryId: string, round: number): StreamEvent => ({
    type: 'debate:resumed',
    payload: { ...meta(entryId), round },
  });
  const roundEvent = (entryId: string, round: number, status: 'started' | 'completed'): StreamEvent => ({
    type: 'debate:round',
    payload: { ...meta(entryId), round, status },
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
      fold([{ type: 'consensus:delta', payload: { ...meta('2-0'), kind: 'text', text: 'Tea.' } }], waiting)
        .pause,
    ).toBeNull();
    expect(
      fold([{ type: 'question:completed', payload: { ...meta('2-0'), totalTokensUsed: 9 } }], waiting),
    ).toMatchObject({ pause: null, status: 'completed' });
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
        { type: 'question:completed', payload: { ...meta('4-0'), totalTokensUsed: 60 } },
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

describe('Stop at N tokens (stoppedAtLimit; answers the cap left no room for)', () => {
  const consensusCompleted = (entryId: string, stoppedAtLimit: boolean): StreamEvent => ({
    type: 'consensus:completed',
    payload: {
      ...meta(entryId),
      responseId: 900,
      stoppedAtLimit,
      promptTokens: 5,
      completionTokens: 6,
      totalTokens: 11,
    },
  });
  const debate = () => createQuestionStream(askResultFixture({ showDebate: true, tokenCap: 2000 }));

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

  it('keeps stoppedAtLimit from consensus:completed, with its text', () => {
    const state = fold(
      [
        { type: 'consensus:delta', payload: { ...meta('1-0'), kind: 'text', text: 'Mostly tea' } },
        consensusCompleted('1-1', true),
      ],
      debate(),
    );
    expect(state.consensus).toMatchObject({ text: 'Mostly tea', phase: 'completed', stoppedAtLimit: true });
    // The consensus's own cut is its label; the council was not shortened.
    expect(state.capShortened).toBe(false);
    expect(fold([consensusCompleted('1-0', false)], debate()).consensus?.stoppedAtLimit).toBe(false);
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

  it('shows a consensus the cap left no room for as stopped, not failed', () => {
    const state = fold(
      [
        {
          type: 'consensus:failed',
          payload: { ...meta('1-0'), responseId: 900, error: TOKEN_CAP_TEXTS.consensusNotWritten },
        },
      ],
      debate(),
    );
    expect(state.consensus).toMatchObject({ phase: 'capped', error: TOKEN_CAP_TEXTS.consensusNotWritten });
    expect(answerState(state.consensus!, state.status)).toBe('stopped');
  });

  it('a new debate round clears the label of the round before, and does not re-ask a stopped member', () => {
    const state = fold(
      [
        completed('1-0', 0, 0, true),
        failed('1-1', 1, TOKEN_CAP_TEXTS.notStarted),
        completed('1-2', 2),
        { type: 'debate:round', payload: { ...meta('2-0'), round: 1, status: 'started' } },
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

  it('reads the same back from the stored rows as it showed live', () => {
    const live = fold(
      [
        delta('1-0', 0, 'Tea is'),
        completed('1-1', 0, 0, true),
        failed('1-2', 1, TOKEN_CAP_TEXTS.notStarted),
        {
          type: 'consensus:failed',
          payload: { ...meta('1-3'), responseId: 900, error: TOKEN_CAP_TEXTS.consensusNotWritten },
        },
      ],
      debate(),
    );
    const detail = questionDetailFixture({ showDebate: true, tokenCap: 2000 });
    detail.answers = [
      responseRowFixture({ id: 500, memberOrder: 0, response: 'Tea is', stoppedAtLimit: true }),
      responseRowFixture({
        id: 501,
        memberOrder: 1,
        provider: 'anthropic',
        status: 'failed',
        response: '',
        error: TOKEN_CAP_TEXTS.notStarted,
      }),
      responseRowFixture({
        id: 900,
        memberOrder: null,
        provider: 'consensus',
        status: 'failed',
        response: '',
        error: TOKEN_CAP_TEXTS.consensusNotWritten,
      }),
    ];
    const saved = questionStreamFromDetail(detail);
    const shape = (state: typeof live) => ({
      members: state.members
        .slice(0, 2)
        .map(({ phase, stoppedAtLimit, error }) => ({ phase, stoppedAtLimit, error })),
      consensus: { phase: state.consensus?.phase, error: state.consensus?.error },
      capShortened: state.capShortened,
    });
    expect(shape(saved)).toEqual(shape(live));
    expect(shape(saved).members[0]).toEqual({ phase: 'completed', stoppedAtLimit: true, error: null });
    expect(memberText(saved.members[0]!)).toBe('Tea is');
  });

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
