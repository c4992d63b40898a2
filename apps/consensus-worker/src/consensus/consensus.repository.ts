// The SQL of the consensus worker: the flow reads members and answers, records a consensus that
// could not start, and ends questions (completed, or failed for good) through the question's
// lifecycle in libs/db, the one writer of a question's status.

import { QUESTION_CANCELLED_MESSAGE } from '@council/contracts';
import {
  type FinaliseRow,
  QuestionAgentEntity,
  QuestionEntity,
  ResponseEntity,
  failQuestion,
  finaliseQuestion,
} from '@council/db';
import { type DataSource } from 'typeorm';

/** Stored on a response whose job ended without an outcome. */
export const UNFINISHED_ERROR = 'The answer could not be completed.';

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

  /** Closes open members and completes the question, in one statement (finaliseQuestion). */
  finalise(questionId: number): Promise<FinaliseRow[]> {
    return finaliseQuestion(this.dataSource, questionId, {
      cancelled: QUESTION_CANCELLED_MESSAGE,
      unfinished: UNFINISHED_ERROR,
    });
  }

  /**
   * Marks a question failed, unless it is final already. `alsoFailed` counts a question already
   * failed as marked (a retry whose earlier attempt got this far). Answers whether it is now failed
   * by this job.
   */
  markFailed(questionId: number, alsoFailed: boolean): Promise<boolean> {
    return failQuestion(this.dataSource, questionId, alsoFailed);
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
