// Every SQL statement of the consensus worker: the flow reads members and answers, records a
// consensus that could not start, and ends questions (completed, or failed for good).

import { QUESTION_CANCELLED_MESSAGE } from '@council/contracts';
import { QuestionAgentEntity, QuestionEntity, ResponseEntity, preparedQuery } from '@council/db';
import { type DataSource } from 'typeorm';

/** Stored on a response whose job ended without an outcome. */
export const UNFINISHED_ERROR = 'The answer could not be completed.';

/** One row of FINALISE_SQL: the question, or a member closed as unfinished. */
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
 * The end of a question in one statement (one round trip instead of five): members still open are
 * closed with an error ($2 when the question was cancelled, else $3), and the question gets its
 * total and is completed (a cancelled one keeps its status). Both parts read the same snapshot;
 * closing rows changes no token counts.
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
       -- A capped question is never charged past its cap (billing), so it never reports more.
       SET "totalTokensUsed" = LEAST(
             (SELECT COALESCE(SUM("totalTokens"), 0) FROM "responses" WHERE "questionId" = $1),
             COALESCE(q."tokenCap", 2147483647)),
           "status" = CASE WHEN q."status" = 'cancelled' THEN q."status" ELSE 'completed' END,
           "pausedAfterRound" = NULL, "pauseEndsAt" = NULL,
           "updatedAt" = now()
     WHERE q."id" = $1
     RETURNING q."status", q."totalTokensUsed"
  )
  SELECT 'question' AS "part", NULL::integer AS "id", NULL::integer AS "memberOrder", NULL::integer AS "round",
         NULL::text AS "error", "status"::text AS "status", "totalTokensUsed" AS "total"
    FROM "question"
  UNION ALL
  SELECT 'unfinished', "id", "memberOrder", "round", "error", NULL, NULL FROM "unfinished"`;

export class ConsensusRepository {
  constructor(private readonly dataSource: DataSource) {}

  findQuestion(questionId: number): Promise<QuestionEntity | null> {
    return this.dataSource.getRepository(QuestionEntity).findOneBy({ id: questionId });
  }

  /** The council of a question, in order, with each member's agent. */
  members(questionId: number): Promise<QuestionAgentEntity[]> {
    return this.dataSource.getRepository(QuestionAgentEntity).find({
      where: { questionId },
      relations: { agent: true },
      order: { order: 'ASC' },
    });
  }

  /** Members (question_agents) whose answer of `round` is stored without error. */
  async succeeded(questionId: number, round: number): Promise<QuestionAgentEntity[]> {
    const members = await this.members(questionId);
    const rows = await this.dataSource.getRepository(ResponseEntity).find({
      where: { questionId, round, status: 'completed' },
    });
    const ok = new Set(
      rows.filter((row) => row.error === null && row.memberOrder !== null).map((row) => row.memberOrder),
    );
    return members.filter((member) => ok.has(member.order));
  }

  /** A member's stored answer texts, by round. */
  async answerTexts(questionId: number, memberOrder: number): Promise<Map<number, string>> {
    const rows = await this.dataSource.getRepository(ResponseEntity).find({
      where: { questionId, memberOrder },
    });
    return new Map(rows.map((row) => [row.round, row.response ?? '']));
  }

  /** Stores a consensus that could not even start; answers its id, or null when one exists already. */
  async insertFailedConsensus(questionId: number, error: string): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "status", "error")
       VALUES ($1, 'consensus', NULL, 0, 'failed', $2)
       ON CONFLICT ("questionId") WHERE "provider" = 'consensus' DO NOTHING
       RETURNING "id"`,
      [questionId, error],
    );
    return rows[0]?.id ?? null;
  }

  /** Closes open members and completes the question (see FINALISE_SQL). */
  async finalise(questionId: number): Promise<FinaliseRow[]> {
    const { rows } = await preparedQuery<FinaliseRow>(this.dataSource, FINALISE_SQL, [
      questionId,
      QUESTION_CANCELLED_MESSAGE,
      UNFINISHED_ERROR,
    ]);
    return rows;
  }

  /**
   * Marks a question failed, unless it is final already. `alsoFailed` counts a question already
   * failed as marked (a retry whose earlier attempt got this far). Answers whether it is now failed
   * by this job.
   */
  async markFailed(questionId: number, alsoFailed: boolean): Promise<boolean> {
    const statuses = alsoFailed ? ['pending', 'running', 'failed'] : ['pending', 'running'];
    const [rows]: [Array<{ id: number }>, number] = await this.dataSource.query(
      `UPDATE "questions" SET "status" = 'failed', "updatedAt" = now()
        WHERE "id" = $1 AND "status"::text = ANY($2::text[])
        RETURNING "id"`,
      [questionId, statuses],
    );
    return rows.length > 0;
  }

  /** Closes the members still pending or streaming with UNFINISHED_ERROR (an earlier error stays). */
  async closeOpenResponses(questionId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "responses" SET "status" = 'failed', "error" = COALESCE("error", $2), "updatedAt" = now()
        WHERE "questionId" = $1 AND "status" IN ('pending', 'streaming')`,
      [questionId, UNFINISHED_ERROR],
    );
  }
}
