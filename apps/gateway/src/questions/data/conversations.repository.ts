import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ID_MAX } from '@council/contracts';
import { type ConversationThreadTurn, QuestionEntity, readConversationThread } from '@council/db';
import { DataSource, Repository } from 'typeorm';

/** The SQL of conversations: a first question and its follow-ups (docs/decisions.md, "25. Follow-ups"). */
@Injectable()
export class ConversationsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(QuestionEntity) private readonly questions: Repository<QuestionEntity>,
  ) {}

  /** Every turn of conversation `conversationId` (its first question's id), oldest first. */
  async turns(conversationId: number): Promise<QuestionEntity[]> {
    return this.questions.find({
      where: [{ id: conversationId }, { conversationId }],
      order: { id: 'ASC' },
    });
  }

  /** What the members' threads of the next turn would carry: every turn so far. */
  async thread(conversationId: number): Promise<ConversationThreadTurn[]> {
    return readConversationThread(this.dataSource, conversationId, ID_MAX);
  }
}
