import { type ConversationThreadTurn, readConversationThread } from '@council/db';
import { type DataSource } from 'typeorm';

/** The earlier turns a follow-up's members read (docs/decisions.md, "25. Follow-ups"). */
export class ConversationThreadRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Turns of the conversation before `questionId`, oldest first, less the `omitted` oldest. */
  async before(
    conversationId: number,
    questionId: number,
    omitted: number,
  ): Promise<ConversationThreadTurn[]> {
    const turns = await readConversationThread(this.dataSource, conversationId, questionId);
    return turns.slice(Math.max(0, omitted));
  }
}
