import { type QuestionStatus } from '@council/contracts';
import { preparedQuery } from '@council/db';
import { type DataSource } from 'typeorm';

/** Where a question without a debate stands once one of its members has ended. */
export interface QuestionEndState {
  /** The status as this member found it (before its own completion, if it completed it). */
  status: QuestionStatus;
  /** Tokens the question reports (questions.totalTokensUsed). */
  total: number;
  /** This member's statement completed the question: it alone writes question:completed. */
  completedNow: boolean;
  /** Some answer of the question is still pending or streaming. */
  open: boolean;
}

interface EndRow {
  status: QuestionStatus;
  total: number | string;
  completedTotal: number | string | null;
  open: boolean;
}

/**
 * Completes the question when every member has a first answer and none is still open, in one
 * statement: the guard in the WHERE and the row lock of the UPDATE make exactly one of the members
 * that end together complete it (the last statement to start sees every member's row, and a second
 * UPDATE waits for the first and then finds the status changed). The total is the answers' tokens,
 * never more than a capped question's cap (billing never charges past it).
 *
 * A cancelled question keeps its status, but once none of its answers is open its total becomes
 * what its stopped and completed answers used, which is what billing charges for them (DECISIONS
 * 18), as the consensus worker's finalise does for a question with a debate. Only a statement
 * that sees every answer closed writes it, so all such writes agree.
 */
const END_SQL = `
  WITH "done" AS (
    UPDATE "questions" q
       SET "totalTokensUsed" = LEAST(
             (SELECT COALESCE(SUM("totalTokens"), 0) FROM "responses" WHERE "questionId" = $1),
             COALESCE(q."tokenCap", 2147483647)),
           "status" = 'completed', "updatedAt" = now()
     WHERE q."id" = $1 AND q."status" IN ('pending', 'running')
       AND NOT EXISTS (
         SELECT 1 FROM "responses" WHERE "questionId" = $1 AND "status" IN ('pending', 'streaming'))
       AND (SELECT count(*) FROM "responses"
             WHERE "questionId" = $1 AND "round" = 0 AND "memberOrder" IS NOT NULL)
           >= (SELECT count(*) FROM "question_agents" WHERE "questionId" = $1)
     RETURNING q."totalTokensUsed"
  ), "tallied" AS (
    UPDATE "questions" q
       SET "totalTokensUsed" = LEAST(
             (SELECT COALESCE(SUM("totalTokens"), 0) FROM "responses" WHERE "questionId" = $1),
             COALESCE(q."tokenCap", 2147483647)),
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

/**
 * A member's first answer that ended without one: its row is failed with `error` (one it stored
 * already stays), or made failed when the job never created it, so the question's count of ended
 * members still reaches its size. Answers the row's id and error when this call closed it.
 */
const CLOSE_MEMBER_SQL = `
  INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "status", "error")
  VALUES ($1, $2, $3, 0, 'failed', $4)
  ON CONFLICT ("questionId", "memberOrder", "round") DO UPDATE
     SET "status" = 'failed', "error" = COALESCE("responses"."error", EXCLUDED."error"), "updatedAt" = now()
   WHERE "responses"."status" IN ('pending', 'streaming')
  RETURNING "id", "error"`;

/** The SQL of a question without a debate that its members end themselves. */
export class QuestionEndRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Completes the question if this was its last open member (END_SQL); null when it is gone. */
  async end(questionId: number): Promise<QuestionEndState | null> {
    const { rows } = await preparedQuery<EndRow>(this.dataSource, END_SQL, [questionId]);
    const row = rows[0];
    if (!row) return null;
    const completedNow = row.completedTotal !== null;
    return {
      status: row.status,
      total: Number(completedNow ? row.completedTotal : row.total),
      completedNow,
      open: row.open,
    };
  }

  /** Fails a member's first answer that is still open, with `error`; a missing row stays missing. */
  async closeOpenMember(questionId: number, memberOrder: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "responses" SET "status" = 'failed', "error" = COALESCE("error", $3), "updatedAt" = now()
        WHERE "questionId" = $1 AND "memberOrder" = $2 AND "round" = 0 AND "status" IN ('pending', 'streaming')`,
      [questionId, memberOrder, error],
    );
  }

  /** Closes a member's first answer that ended without one (CLOSE_MEMBER_SQL). */
  async closeMember(
    questionId: number,
    provider: string,
    memberOrder: number,
    error: string,
  ): Promise<{ id: number; error: string } | null> {
    const { rows } = await preparedQuery<{ id: number; error: string }>(this.dataSource, CLOSE_MEMBER_SQL, [
      questionId,
      provider,
      memberOrder,
      error,
    ]);
    return rows[0] ?? null;
  }
}
