// The SQL of a debate's pause ("Let me weigh in"): the question row holds it, so a reload shows
// it; the gateway ends it early (a note or Continue) under the same row lock as the worker does
// when the countdown runs out, so a note is stored either before the debate reads it or not at all.

import { pauseQuestion, resumeQuestion } from '@council/db';
import { type DataSource } from 'typeorm';

export interface PauseEnd {
  /** Whether this call ended the pause (false: the gateway did, for a note or Continue). */
  endedNow: boolean;
  /** The asker's note for the round, if any. */
  note: string | null;
}

export class DebatePauseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Marks the question as waiting after `round` until `endsAt`; false when it is no longer running. */
  start(questionId: number, round: number, endsAt: Date): Promise<boolean> {
    return pauseQuestion(this.dataSource, questionId, round, endsAt);
  }

  /**
   * Ends the pause after `round` (if the gateway has not) and reads its note. Two statements in one
   * transaction: the lock first, then a fresh snapshot, which sees a note committed while we waited.
   */
  end(questionId: number, round: number): Promise<PauseEnd> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM "questions" WHERE "id" = $1 FOR UPDATE`, [questionId]);
      const endedNow = await resumeQuestion(manager, questionId);
      const notes: Array<{ note: string }> = await manager.query(
        `SELECT "note" FROM "debate_notes" WHERE "questionId" = $1 AND "afterRound" = $2`,
        [questionId, round],
      );
      return { endedNow, note: notes[0]?.note ?? null };
    });
  }
}
