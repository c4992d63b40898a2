import { type QuestionStatus } from '@council/contracts';
import { completeQuestion, preparedQuery } from '@council/db';
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

  /**
   * Completes the question if this was its last open member, in one statement (completeQuestion):
   * exactly one of the members that end together completes it. Null when the question is gone.
   */
  async end(questionId: number): Promise<QuestionEndState | null> {
    const row = await completeQuestion(this.dataSource, questionId);
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
