// A question's lifecycle has one owner: every statement that writes a question's status or its
// pause (`pausedAfterRound`, `pauseEndsAt`) is built here, from QUESTION_TRANSITIONS, so which
// status may follow which is stated once (ARCHITECTURE "Question lifecycle"). Each transition is one
// statement whose WHERE admits only its "from" statuses: from any other it changes nothing, and
// its function says so (false or null), because two writers racing on one question (a cancel and
// a member's completion, a note and the countdown's end) must leave exactly one of them the winner.

import { type QuestionStatus } from '@council/contracts';
import { type DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../sql/prepared-query';

/** What a transition's statement runs on: the data source, or a transaction's manager. */
export type QuestionQueryable = DataSource | EntityManager;

/** The question's columns only this module writes. */
export const QUESTION_LIFECYCLE_COLUMNS = ['status', 'pausedAfterRound', 'pauseEndsAt'] as const;

export interface QuestionTransition {
  /** The statuses it may leave from (its guard); none for the insert that creates the question. */
  readonly from: readonly QuestionStatus[];
  /** The status it writes; null keeps the status (a pause starts or ends inside it). */
  readonly to: QuestionStatus | null;
  /** Its effect on the pause: `start` sets both pause columns, `end` clears them, `keep` leaves them. */
  readonly pause: 'start' | 'end' | 'keep';
  /** Only while the debate waits for a note (`pausedAfterRound` is set). */
  readonly whilePaused: boolean;
}

/**
 * The named transitions. "Paused" is not a status: it is a pending or running question whose
 * `pausedAfterRound` is set, so pause and resume keep the status and only move the pause columns.
 */
export const QUESTION_TRANSITIONS = {
  /** The gateway writes the question, before billing holds its tokens and its jobs are queued. */
  ask: { from: [], to: 'pending', pause: 'keep', whilePaused: false },
  /** A provider job starts on it (the first one moves it; the others find it running). */
  start: { from: ['pending'], to: 'running', pause: 'keep', whilePaused: false },
  /** The debate waits after a round for the asker's note ("Let me weigh in"). */
  pause: { from: ['pending', 'running'], to: null, pause: 'start', whilePaused: false },
  /** The asker's note or Continue, before the countdown's end. */
  resumeEarly: { from: ['running'], to: null, pause: 'end', whilePaused: true },
  /** The consensus worker goes on after the countdown (nothing to do when the asker ended it first). */
  resume: { from: ['pending', 'running'], to: null, pause: 'end', whilePaused: true },
  /** The last member of a question without a debate ended. */
  complete: { from: ['pending', 'running'], to: 'completed', pause: 'keep', whilePaused: false },
  /**
   * The end of a flow with a debate. Completed and failed too: the flow that ran the question has
   * the last word on it (a retried finalise finds it completed already); only a cancel is kept,
   * and a cancelled question still gets its total (so this guard sits in the SET, not the WHERE).
   */
  finalise: {
    from: ['pending', 'running', 'completed', 'failed'],
    to: 'completed',
    pause: 'end',
    whilePaused: false,
  },
  /** No job will run it (the gateway could not queue it), or its flow failed for good. */
  fail: { from: ['pending', 'running'], to: 'failed', pause: 'keep', whilePaused: false },
  /** `fail` by a retried job: its earlier attempt may have failed the question and then stopped. */
  failAgain: { from: ['pending', 'running', 'failed'], to: 'failed', pause: 'keep', whilePaused: false },
  /** The asker's Stop (DECISIONS 18); a debate waiting for a note waits no more. */
  cancel: { from: ['pending', 'running'], to: 'cancelled', pause: 'end', whilePaused: false },
  /** Answer again: a completed turn without a debate runs one member again. */
  answerAgain: { from: ['completed'], to: 'running', pause: 'keep', whilePaused: false },
  /** Undoes answerAgain when its job could not be queued. */
  undoAnswerAgain: { from: ['running'], to: 'completed', pause: 'keep', whilePaused: false },
} as const satisfies Record<string, QuestionTransition>;

export type QuestionTransitionName = keyof typeof QUESTION_TRANSITIONS;

/** `alias."column"`, or `"column"` without an alias. */
function column(name: string, alias?: string): string {
  return alias ? `${alias}."${name}"` : `"${name}"`;
}

function statusList(statuses: readonly QuestionStatus[]): string {
  return statuses.map((status) => `'${status}'`).join(', ');
}

/** A transition's guard: the question is in one of its "from" statuses, and paused if it must be. */
export function transitionGuardSql(name: QuestionTransitionName, alias?: string): string {
  const transition: QuestionTransition = QUESTION_TRANSITIONS[name];
  if (transition.from.length === 0)
    throw new Error(`The ${name} transition inserts the question: it has no guard`);
  const guard = `${column('status', alias)} IN (${statusList(transition.from)})`;
  return transition.whilePaused ? `${guard} AND ${column('pausedAfterRound', alias)} IS NOT NULL` : guard;
}

export interface TransitionSqlOptions {
  /** The question's id: a parameter (`$1`) or an expression of the statement. */
  id: string;
  /** The table's alias. */
  alias?: string;
  /** Other columns the same statement writes (never a lifecycle column). */
  set?: string;
  /** A FROM list (a locked CTE the statement joins). */
  from?: string;
  /** The statement's own conditions, ANDed to the transition's guard (they can only narrow it). */
  and?: string;
  returning?: string;
  /** The pause's values for `pause`: the round and the countdown's end. */
  pauseValues?: { round: string; endsAt: string };
}

const LIFECYCLE_ASSIGNMENT = new RegExp(`"(?:${QUESTION_LIFECYCLE_COLUMNS.join('|')})"\\s*=`);

/** The SET list of a transition: its status, its effect on the pause, and updatedAt. */
function transitionSetSql(
  name: QuestionTransitionName,
  options: TransitionSqlOptions,
  guardInSet: boolean,
): string {
  const transition: QuestionTransition = QUESTION_TRANSITIONS[name];
  const sets: string[] = [];
  if (options.set) {
    if (LIFECYCLE_ASSIGNMENT.test(options.set))
      throw new Error(`The ${name} transition writes the lifecycle's columns`);
    sets.push(options.set);
  }
  if (transition.to !== null) {
    sets.push(
      guardInSet
        ? `"status" = CASE WHEN ${transitionGuardSql(name, options.alias)} THEN '${transition.to}' ELSE ${column('status', options.alias)} END`
        : `"status" = '${transition.to}'`,
    );
  }
  if (transition.pause === 'start') {
    if (!options.pauseValues) throw new Error(`The ${name} transition needs the pause's values`);
    sets.push(
      `"pausedAfterRound" = ${options.pauseValues.round}`,
      `"pauseEndsAt" = ${options.pauseValues.endsAt}`,
    );
  } else if (transition.pause === 'end') {
    sets.push(`"pausedAfterRound" = NULL`, `"pauseEndsAt" = NULL`);
  }
  sets.push(`"updatedAt" = now()`);
  return sets.join(', ');
}

/**
 * The UPDATE of one transition, guarded by its "from" statuses: a statement of its own, or one CTE
 * of a larger statement (which adds its conditions with `and`, never loosens the guard).
 */
export function transitionSql(name: QuestionTransitionName, options: TransitionSqlOptions): string {
  const { alias } = options;
  const table = alias ? `"questions" ${alias}` : `"questions"`;
  const where = [
    `${column('id', alias)} = ${options.id}`,
    transitionGuardSql(name, alias),
    ...(options.and ? [`(${options.and})`] : []),
  ];
  return [
    `UPDATE ${table} SET ${transitionSetSql(name, options, false)}`,
    ...(options.from ? [`FROM ${options.from}`] : []),
    `WHERE ${where.join(' AND ')}`,
    ...(options.returning ? [`RETURNING ${options.returning}`] : []),
  ].join(' ');
}

/**
 * The `ask` insert: the question's other columns as column → value expression; the status is the
 * transition's, and the pause starts empty.
 */
export function askQuestionSql(values: Readonly<Record<string, string>>, returning: string): string {
  const columns = Object.keys(values);
  const owned = columns.filter((name) => (QUESTION_LIFECYCLE_COLUMNS as readonly string[]).includes(name));
  if (owned.length > 0) throw new Error(`The question's lifecycle writes ${owned.join(', ')}`);
  const names = [...columns, 'status'].map((name) => `"${name}"`).join(', ');
  const expressions = [...Object.values(values), `'${QUESTION_TRANSITIONS.ask.to}'`].join(', ');
  return `INSERT INTO "questions" (${names}) VALUES (${expressions}) RETURNING ${returning}`;
}

/** Runs an UPDATE and answers how many rows it changed. */
async function changed(
  queryable: QuestionQueryable,
  sql: string,
  values: readonly unknown[],
): Promise<number> {
  const [, affected]: [unknown[], number] = await queryable.query(sql, [...values]);
  return affected;
}

const CANCEL_SQL = transitionSql('cancel', { id: '$1' });

/** `cancel`: false when the question is gone or something else ended it first. */
export async function cancelQuestion(queryable: QuestionQueryable, questionId: number): Promise<boolean> {
  return (await changed(queryable, CANCEL_SQL, [questionId])) > 0;
}

const FAIL_SQL = transitionSql('fail', { id: '$1' });
const FAIL_AGAIN_SQL = transitionSql('failAgain', { id: '$1' });

/**
 * `fail`, or with `again` `failAgain` (a question already failed counts too, so a retried job whose
 * earlier attempt failed it and then stopped carries on to the end). True when it is failed now.
 */
export async function failQuestion(
  queryable: QuestionQueryable,
  questionId: number,
  again = false,
): Promise<boolean> {
  return (await changed(queryable, again ? FAIL_AGAIN_SQL : FAIL_SQL, [questionId])) > 0;
}

const ANSWER_AGAIN_SQL = transitionSql('answerAgain', { id: '$1', and: 'NOT "showDebate"' });

/** `answerAgain`, for a turn without a debate; false when it is not completed (a concurrent call won). */
export async function answerQuestionAgain(
  queryable: QuestionQueryable,
  questionId: number,
): Promise<boolean> {
  return (await changed(queryable, ANSWER_AGAIN_SQL, [questionId])) > 0;
}

const UNDO_ANSWER_AGAIN_SQL = transitionSql('undoAnswerAgain', { id: '$1' });

/** `undoAnswerAgain`: false when the turn is not running any more. */
export async function undoAnswerAgain(queryable: QuestionQueryable, questionId: number): Promise<boolean> {
  return (await changed(queryable, UNDO_ANSWER_AGAIN_SQL, [questionId])) > 0;
}

const PAUSE_SQL = transitionSql('pause', { id: '$1', pauseValues: { round: '$2', endsAt: '$3' } });

/** `pause`: waits after `round` until `endsAt`; false when the question is no longer running. */
export async function pauseQuestion(
  queryable: QuestionQueryable,
  questionId: number,
  round: number,
  endsAt: Date,
): Promise<boolean> {
  return (await changed(queryable, PAUSE_SQL, [questionId, round, endsAt])) > 0;
}

const RESUME_SQL = transitionSql('resume', { id: '$1' });

/**
 * `resume`: ends the pause; false when it had ended already (the asker's note or Continue). Run it
 * in a transaction that has locked the question's row first (SELECT … FOR UPDATE), as
 * resumeQuestionEarly does, so the two never both end one pause.
 */
export async function resumeQuestion(queryable: QuestionQueryable, questionId: number): Promise<boolean> {
  return (await changed(queryable, RESUME_SQL, [questionId])) > 0;
}

/** What resumeQuestionEarly found: whether the asker's question exists, and the round it waited after. */
export interface ResumeEarlyRow {
  found: number;
  /** Null when the pause was not ended now (over, or never there). */
  round: number | null;
}

/**
 * `resumeEarly`, storing the asker's note with it, in one statement on the locked question row: the
 * consensus worker ends the same pause under the same lock when its countdown runs out, so a note
 * is either stored before the debate reads it, or refused.
 */
const RESUME_EARLY_SQL = `
  WITH "paused" AS (
    SELECT "id", "pausedAfterRound" FROM "questions"
     WHERE "id" = $1 AND "userId" = $2
     FOR UPDATE
  ), "ended" AS (
    ${transitionSql('resumeEarly', {
      id: '"paused"."id"',
      alias: 'q',
      from: '"paused"',
      and: `q."pauseEndsAt" > now()`,
      returning: `"paused"."pausedAfterRound" AS "round"`,
    })}
  ), "note" AS (
    INSERT INTO "debate_notes" ("questionId", "afterRound", "note")
    SELECT $1, "ended"."round", $3 FROM "ended" WHERE $3::text IS NOT NULL
    ON CONFLICT ("questionId", "afterRound") DO NOTHING
  )
  SELECT (SELECT count(*) FROM "paused")::int AS "found", (SELECT "round" FROM "ended") AS "round"`;

/** `resumeEarly` for the owner's question, with a note or without (null `note` is Continue). */
export async function resumeQuestionEarly(
  queryable: QuestionQueryable,
  questionId: number,
  userId: number,
  note: string | null,
): Promise<ResumeEarlyRow | null> {
  const [row] = await queryable.query<ResumeEarlyRow[]>(RESUME_EARLY_SQL, [questionId, userId, note]);
  return row ?? null;
}

/**
 * The question's total: its answers' tokens, never more than a capped question's cap (billing never
 * charges past it).
 */
const TOTAL_SET_SQL = `"totalTokensUsed" = LEAST(
             (SELECT COALESCE(SUM("totalTokens"), 0) FROM "responses" WHERE "questionId" = $1),
             COALESCE(q."tokenCap", 2147483647))`;

/** A row of completeQuestion. */
export interface CompleteRow {
  /** The status as the statement found it (before its own completion, if it completed it). */
  status: QuestionStatus;
  total: number | string;
  /** Set when this statement completed the question: its total. */
  completedTotal: number | string | null;
  /** Some answer of the question is still pending or streaming. */
  open: boolean;
}

/**
 * `complete` for a question without a debate, when every member has a first answer and none is
 * still open, in one statement: the guard in the WHERE and the row lock of the UPDATE make exactly
 * one of the members that end together complete it (the last statement to start sees every
 * member's row, and a second UPDATE waits for the first and then finds the status changed).
 *
 * A cancelled question keeps its status, but once none of its answers is open its total becomes
 * what its stopped and completed answers used, which is what billing charges for them (DECISIONS
 * 18), as finaliseQuestion does for a question with a debate. Only a statement that sees every
 * answer closed writes it, so all such writes agree.
 */
const COMPLETE_SQL = `
  WITH "done" AS (
    ${transitionSql('complete', {
      id: '$1',
      alias: 'q',
      set: TOTAL_SET_SQL,
      and: `NOT EXISTS (
         SELECT 1 FROM "responses" WHERE "questionId" = $1 AND "status" IN ('pending', 'streaming'))
       AND (SELECT count(*) FROM "responses"
             WHERE "questionId" = $1 AND "round" = 0 AND "memberOrder" IS NOT NULL)
           >= (SELECT count(*) FROM "question_agents" WHERE "questionId" = $1)`,
      returning: `q."totalTokensUsed"`,
    })}
  ), "tallied" AS (
    UPDATE "questions" q
       SET ${TOTAL_SET_SQL},
           "updatedAt" = now()
     WHERE q."id" = $1 AND q."status" = 'cancelled'
       AND NOT EXISTS (
         SELECT 1 FROM "responses" WHERE "questionId" = $1 AND "status" IN ('pending', 'streaming'))
     RETURNING q."totalTokensUsed"
  )
  SELECT q."status", COALESCE((SELECT "totalTokensUsed" FROM "tallied"), q."totalTokensUsed") AS "total",
         (SELECT "totalTokensUsed" FROM "done") AS "completedTotal",
         EXISTS (SELECT 1 FROM "responses" WHERE "questionId" = $1 AND "status" IN ('pending', 'streaming')) AS "open"
    FROM "questions" q
   WHERE q."id" = $1`;

/** `complete` once the last member has ended (COMPLETE_SQL); null when the question is gone. */
export async function completeQuestion(
  queryable: QuestionQueryable,
  questionId: number,
): Promise<CompleteRow | null> {
  const { rows } = await preparedQuery<CompleteRow>(queryable, COMPLETE_SQL, [questionId]);
  return rows[0] ?? null;
}

/** One row of finaliseQuestion: the question, or a member closed as unfinished. */
export interface FinaliseRow {
  part: 'question' | 'unfinished';
  id: number | null;
  memberOrder: number | null;
  round: number | null;
  error: string | null;
  status: string | null;
  total: string | number | null;
}

/**
 * `finalise` in one statement (one round trip instead of five): members still open are closed with
 * an error ($2 when the question was cancelled, else $3), and the question gets its total and is
 * completed (a cancelled one keeps its status). Both parts read the same snapshot; closing rows
 * changes no token counts.
 */
const FINALISE_SQL = `
  WITH "unfinished" AS (
    UPDATE "responses" r
       SET "status" = 'failed',
           "error" = COALESCE(r."error", CASE
             WHEN (SELECT "status" FROM "questions" WHERE "id" = $1) = 'cancelled' THEN $2 ELSE $3 END),
           "updatedAt" = now()
     WHERE r."questionId" = $1 AND r."status" IN ('pending', 'streaming')
     RETURNING r."id", r."memberOrder", r."round", r."error"
  ), "question" AS (
    UPDATE "questions" q
       SET ${TOTAL_SET_SQL},
           ${transitionSetSql('finalise', { id: '$1', alias: 'q' }, true)}
     WHERE q."id" = $1
     RETURNING q."status", q."totalTokensUsed"
  )
  SELECT 'question' AS "part", NULL::integer AS "id", NULL::integer AS "memberOrder", NULL::integer AS "round",
         NULL::text AS "error", "status"::text AS "status", "totalTokensUsed" AS "total"
    FROM "question"
  UNION ALL
  SELECT 'unfinished', "id", "memberOrder", "round", "error", NULL, NULL FROM "unfinished"`;

/** `finalise` (FINALISE_SQL); no question row when the question is gone. */
export async function finaliseQuestion(
  queryable: QuestionQueryable,
  questionId: number,
  errors: { cancelled: string; unfinished: string },
): Promise<FinaliseRow[]> {
  const { rows } = await preparedQuery<FinaliseRow>(queryable, FINALISE_SQL, [
    questionId,
    errors.cancelled,
    errors.unfinished,
  ]);
  return rows;
}
