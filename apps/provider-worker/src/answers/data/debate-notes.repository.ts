import { type DebateLogNote } from '@council/llm';
import { type DataSource } from 'typeorm';

/** The asker's notes between debate rounds ("Let me weigh in"), which revisions read. */
export class DebateNotesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ofQuestion(questionId: number): Promise<DebateLogNote[]> {
    return this.dataSource.query(
      `SELECT "afterRound", "note" FROM "debate_notes" WHERE "questionId" = $1 ORDER BY "afterRound"`,
      [questionId],
    );
  }
}
