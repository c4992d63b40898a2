import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DebateNote } from '@council/contracts';
import { resumeQuestionEarly } from '@council/db';
import { DataSource } from 'typeorm';

/** What ending a pause found: the round the debate waited after, or why it could not end it. */
export type EndPauseResult = { ended: true; round: number } | { ended: false; found: boolean };

@Injectable()
export class DebateNotesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Ends the owner's paused debate now, with a note or without; null `note` is Continue. */
  async endPause(userId: number, questionId: number, note: string | null): Promise<EndPauseResult> {
    // One statement on the locked question row: a note is stored before the debate reads it, or refused.
    const row = await resumeQuestionEarly(this.dataSource, questionId, userId, note);
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
