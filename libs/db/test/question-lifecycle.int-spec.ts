import { randomUUID } from 'node:crypto';
import { QUESTION_STATUSES, type QuestionStatus, isQuestionFinal } from '@council/contracts';
import { type DataSource } from 'typeorm';
import { QuestionEntity } from '../src/question/question.entity';
import {
  QUESTION_TRANSITIONS,
  type QuestionTransitionName,
  answerQuestionAgain,
  askQuestionSql,
  cancelQuestion,
  completeQuestion,
  failQuestion,
  finaliseQuestion,
  pauseQuestion,
  resumeQuestion,
  resumeQuestionEarly,
  transitionSql,
  undoAnswerAgain,
} from '../src/question/question-lifecycle';
import { UserEntity } from '../src/user/user.entity';
import { connectMigratedDataSource } from './support/test-data-source';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/test-database';

const ERRORS = { cancelled: 'Stopped.', unfinished: 'Unfinished.' };

describe('question lifecycle', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase('lifecycle');
    dataSource = await connectMigratedDataSource(database);
    const users = dataSource.getRepository(UserEntity);
    userId = (await users.save(users.create({ username: `user-${randomUUID()}`, password: 'hash' }))).id;
  });

  afterAll(async () => {
    await dataSource?.destroy();
    if (database) await dropTestDatabase(database);
  });

  const questions = () => dataSource.getRepository(QuestionEntity);

  /** A question in `status`, waiting for a note after round 1 when `paused`. */
  async function question(status: QuestionStatus, paused = false): Promise<number> {
    const saved = await questions().save(
      questions().create({
        userId,
        question: 'Why is the sky blue?',
        status,
        pausedAfterRound: paused ? 1 : null,
        pauseEndsAt: paused ? new Date(Date.now() + 3_600_000) : null,
      }),
    );
    return saved.id;
  }

  const stored = (id: number) => questions().findOneByOrFail({ id });

  /** Each named transition through the function its callers use; true when it changed the question. */
  const RUN: Record<QuestionTransitionName, ((id: number) => Promise<boolean>) | null> = {
    // The insert creates a question: it has no state to leave from.
    ask: null,
    start: async (id) => {
      const [, affected]: [unknown[], number] = await dataSource.query(transitionSql('start', { id: '$1' }), [
        id,
      ]);
      return affected > 0;
    },
    pause: (id) => pauseQuestion(dataSource, id, 2, new Date(Date.now() + 60_000)),
    resumeEarly: async (id) => (await resumeQuestionEarly(dataSource, id, userId, null))?.round != null,
    resume: (id) => resumeQuestion(dataSource, id),
    complete: async (id) => (await completeQuestion(dataSource, id))?.completedTotal != null,
    finalise: async (id) => {
      const before = (await stored(id)).status;
      const rows = await finaliseQuestion(dataSource, id, ERRORS);
      return rows.find((row) => row.part === 'question')?.status !== before;
    },
    fail: (id) => failQuestion(dataSource, id),
    failAgain: (id) => failQuestion(dataSource, id, true),
    cancel: (id) => cancelQuestion(dataSource, id),
    answerAgain: (id) => answerQuestionAgain(dataSource, id),
    undoAnswerAgain: (id) => undoAnswerAgain(dataSource, id),
  };

  // Every transition from every status, paused or not: it moves the question exactly when the
  // table allows it, and otherwise changes nothing and says so.
  const cases = (Object.keys(QUESTION_TRANSITIONS) as QuestionTransitionName[]).flatMap((name) =>
    QUESTION_STATUSES.flatMap((status) => [false, true].map((paused) => ({ name, status, paused }))),
  );

  it.each(cases)('$name from $status (paused: $paused) follows QUESTION_TRANSITIONS', async (c) => {
    const run = RUN[c.name];
    if (!run) return;
    const transition = QUESTION_TRANSITIONS[c.name];
    const allowed =
      (transition.from as readonly QuestionStatus[]).includes(c.status) &&
      (!transition.whilePaused || c.paused);
    const id = await question(c.status, c.paused);
    const before = await stored(id);

    const changed = await run(id);
    const after = await stored(id);

    // finalise keeps a completed question completed: a change it makes need not be visible.
    if (!(c.name === 'finalise' && c.status === 'completed')) expect(changed).toBe(allowed);
    expect(after.status).toBe(allowed ? (transition.to ?? c.status) : c.status);
    // finalise clears the pause on any question it reaches, the others only when they move it.
    const moved = allowed || c.name === 'finalise';
    const pause = moved ? transition.pause : 'keep';
    if (pause === 'keep') {
      expect(after.pausedAfterRound).toBe(before.pausedAfterRound);
      expect(after.pauseEndsAt).toEqual(before.pauseEndsAt);
    } else if (pause === 'end') {
      expect(after.pausedAfterRound).toBeNull();
      expect(after.pauseEndsAt).toBeNull();
    } else {
      expect(after.pausedAfterRound).toBe(2);
    }
    // complete still tallies a cancelled question's total: not a move, but a write.
    if (!moved && !(c.name === 'complete' && c.status === 'cancelled')) {
      expect(after.updatedAt).toEqual(before.updatedAt);
    }
  });

  it('leaves a final status only to answer again, a retried fail, or the flow that ran it', () => {
    const fromFinal = Object.fromEntries(
      Object.entries(QUESTION_TRANSITIONS)
        .map(([name, transition]) => [
          name,
          (transition.from as readonly QuestionStatus[]).filter((status) => isQuestionFinal(status)),
        ])
        .filter(([, statuses]) => statuses.length > 0),
    );
    expect(fromFinal).toEqual({
      answerAgain: ['completed'],
      failAgain: ['failed'],
      finalise: ['completed', 'failed'],
    });
  });

  it('never completes a cancelled question, nor pauses a completed one', async () => {
    const cancelled = await question('cancelled');
    expect(await completeQuestion(dataSource, cancelled)).toMatchObject({
      status: 'cancelled',
      completedTotal: null,
    });
    const finalised = await finaliseQuestion(dataSource, cancelled, ERRORS);
    expect(finalised.find((row) => row.part === 'question')?.status).toBe('cancelled');
    expect((await stored(cancelled)).status).toBe('cancelled');

    const completed = await question('completed');
    expect(await pauseQuestion(dataSource, completed, 1, new Date(Date.now() + 60_000))).toBe(false);
    expect(await stored(completed)).toMatchObject({ status: 'completed', pausedAfterRound: null });
  });

  it('fails a failed question again only when asked to (a retried job that got this far)', async () => {
    const failed = await question('failed');
    expect(await failQuestion(dataSource, failed)).toBe(false);
    expect(await failQuestion(dataSource, failed, true)).toBe(true);
    expect(await failQuestion(dataSource, await question('cancelled'), true)).toBe(false);
    expect((await stored(failed)).status).toBe('failed');
  });

  it('ends a pause early only before its countdown ends, storing the note with it', async () => {
    const late = await question('running', true);
    await questions().update({ id: late }, { pauseEndsAt: new Date(Date.now() - 1000) });
    expect(await resumeQuestionEarly(dataSource, late, userId, 'Too late')).toEqual({
      found: 1,
      round: null,
    });

    const early = await question('running', true);
    expect(await resumeQuestionEarly(dataSource, early, userId, 'Consider cost')).toEqual({
      found: 1,
      round: 1,
    });
    const notes = await dataSource.query<Array<{ note: string }>>(
      `SELECT "note" FROM "debate_notes" WHERE "questionId" = $1 AND "afterRound" = 1`,
      [early],
    );
    expect(notes).toEqual([{ note: 'Consider cost' }]);
    expect(await resumeQuestionEarly(dataSource, early, userId + 1, 'Not mine')).toEqual({
      found: 0,
      round: null,
    });
  });

  it('answers again only a completed question without a debate', async () => {
    const debated = await question('completed');
    await questions().update({ id: debated }, { showDebate: true });
    expect(await answerQuestionAgain(dataSource, debated)).toBe(false);
    expect((await stored(debated)).status).toBe('completed');
  });

  it('asks a question pending, and leaves the lifecycle columns to the transitions', async () => {
    const rows = await dataSource.query<Array<{ id: number }>>(
      askQuestionSql({ userId: '$1', question: '$2' }, '"id"'),
      [userId, 'Asked?'],
    );
    expect(await stored(rows[0]?.id ?? 0)).toMatchObject({ status: 'pending', pausedAfterRound: null });
    expect(() => askQuestionSql({ userId: '$1', status: `'running'` }, '"id"')).toThrow(/status/);
  });
});
