import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DebateNote } from '@council/contracts';
import { DataSource } from 'typeorm';

/** What ending a pause found: the round the debate waited after, or why it could not end it. */
export type EndPauseResult = { ended: true; round: number } | { ended: false; found: boolean };

/**
 * Ends a question's pause, storing the asker's note with it, in one transaction on the locked
 * question row: the consensus worker ends the same pause under the same lock when its countdown
 * runs out, so a note is either stored before the debate reads it, or refused.
 */
const END_PAUSE_SQL = `
  WITH "paused" AS (
    SELECT "id", "pausedAfterRound" FROM "questions"
     WHERE "id" = $1 AND "userId" = $2
     FOR UPDATE
  ), "ended" AS (
    UPDATE "questions" q SET "pausedAfterRound" = NULL, "pauseEndsAt" = NULL, "updatedAt" = now()
      FROM "paused"
     WHERE q."id" = "paused"."id" AND q."pauseEndsAt" > now() AND q."status" = 'running'
    RETURNING "paused"."pausedAfterRound" AS "round"
  ), "note" AS (
    INSERT INTO "debate_notes" ("questionId", "afterRound", "note")
    SELECT $1, "ended"."round", $3 FROM "ended" WHERE $3::text IS NOT NULL
    ON CONFLICT ("questionId", "afterRound") DO NOTHING
  )
  SELECT (SELECT count(*) FROM "paused")::int AS "found", (SELECT "round" FROM "ended") AS "round"`;

@Injectable()
export class DebateNotesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Ends the owner's paused debate now, with a note or without; null `note` is Continue. */
  async endPause(userId: number, questionId: number, note: string | null): Promise<EndPauseResult> {
    const [row] = await this.dataSource.query<Array<{ found: number; round: number | null }>>(END_PAUSE_SQL, [
      questionId,
      userId,
      note,
    ]);
    if (row && row.round !== null) return { ended: true, round: row.round };
    return { ended: false, found: (row?.found ?? 0) > 0 };
  }

  /** The question's notes, oldest round first. */
  async ofQuestion(questionId: number): Promise<DebateNote[]> {
    const rows = await this.dataSource.query<Array<{ afterRound: number; note: string; createdAt: Date }>>(
      `SELECT "afterRound", "note", "createdAt" FROM "debate_notes" WHERE "questionId" = $1 ORDER BY "afterRound"`,
      [questionId],
    );
    return rows.map((row) => ({
      afterRound: row.afterRound,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
