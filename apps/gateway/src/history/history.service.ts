import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  type DeleteQuestionReply,
  FINAL_QUESTION_STATUSES,
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryItem,
  type HistoryPage,
  type HistoryQueryDto,
  type QuestionDetail,
  SERVER_MESSAGES,
} from '@council/contracts';
import { QuestionAgentEntity, QuestionEntity, ResponseEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { DataSource, In, Repository } from 'typeorm';
import { QuestionsService } from '../questions/questions.service';
import { toQuestionAgentResponse, toQuestionResponse, toResponseRow } from '../questions/questions.util';
import { type AuthUser } from '../users/users.util';
import {
  HISTORY_CURSOR_AT_SQL,
  decodeHistoryCursor,
  encodeHistoryCursor,
  isShareActive,
} from './history.util';

/** A user's past questions: the history list, one question's detail, and deleting one. */
@Injectable()
export class HistoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(QuestionEntity) private readonly questions: Repository<QuestionEntity>,
    @InjectRepository(QuestionAgentEntity) private readonly questionAgents: Repository<QuestionAgentEntity>,
    @InjectRepository(ResponseEntity) private readonly responses: Repository<ResponseEntity>,
    private readonly questionsService: QuestionsService,
  ) {}

  /**
   * One page of the user's questions, newest first (createdAt, then id, both descending), optionally
   * filtered by PostgreSQL full-text search. Keyset pagination, so a question asked or deleted while
   * the user pages never shifts the pages that follow.
   */
  async list(userId: number, query: HistoryQueryDto): Promise<HistoryPage> {
    const limit = query.limit ?? HISTORY_PAGE_SIZE_DEFAULT;
    const after = query.cursor === undefined ? null : decodeHistoryCursor(query.cursor);
    const builder = this.questions
      .createQueryBuilder('q')
      .addSelect(HISTORY_CURSOR_AT_SQL, 'cursor_at')
      .where('q."userId" = :userId', { userId })
      .orderBy('q.createdAt', 'DESC')
      .addOrderBy('q.id', 'DESC')
      // One extra row tells whether another page follows.
      .limit(limit + 1);
    if (query.search !== undefined) {
      // websearch_to_tsquery accepts any text (quotes, "or", -word) without syntax errors; the
      // GIN index on searchVector answers it.
      builder.andWhere(`q."searchVector" @@ websearch_to_tsquery('english', :search)`, {
        search: query.search,
      });
    }
    if (after) {
      builder.andWhere(`(q."createdAt", q."id") < (CAST(:afterAt AS timestamptz), :afterId)`, {
        afterAt: after.createdAt,
        afterId: after.id,
      });
    }
    const { entities, raw } = await builder.getRawAndEntities<{ q_id: number; cursor_at: string }>();
    const page = entities.slice(0, limit);
    const last = page[page.length - 1];
    const lastAt = last ? raw.find((row) => Number(row.q_id) === last.id)?.cursor_at : undefined;
    const nextCursor =
      entities.length > limit && last && lastAt
        ? encodeHistoryCursor({ createdAt: lastAt, id: last.id })
        : null;
    return { items: await this.withMembers(page), nextCursor };
  }

  /** The question with its council, and every stored answer: by member, then round, consensus last. */
  async detail(userId: number, questionId: number): Promise<QuestionDetail> {
    const question = await this.findOwned(userId, questionId);
    const [item] = await this.withMembers([question]);
    const answers = await this.responses
      .createQueryBuilder('r')
      .where('r."questionId" = :questionId', { questionId })
      .orderBy('r.memberOrder', 'ASC', 'NULLS LAST')
      .addOrderBy('r.round', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .getMany();
    return { question: item, answers: answers.map(toResponseRow) };
  }

  /**
   * Deletes the question with its answers, council and share link in one transaction. A question
   * still running is cancelled first, through the same path as POST …/cancel, so its jobs stop and
   * its unused tokens go back; if billing cannot take them back (503) nothing is deleted.
   */
  async delete(user: AuthUser, questionId: number): Promise<DeleteQuestionReply> {
    const question = await this.findOwned(user.id, questionId);
    if (!(FINAL_QUESTION_STATUSES as readonly string[]).includes(question.status)) {
      try {
        await this.questionsService.cancel(user, questionId);
      } catch (error) {
        // It finished between our read and the cancel: nothing left to stop.
        if (!(error instanceof DomainException && error.code === 'CONFLICT')) throw error;
      }
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ResponseEntity, { questionId });
      await manager.delete(QuestionAgentEntity, { questionId });
      const { affected } = await manager.delete(QuestionEntity, { id: questionId, userId: user.id });
      // A concurrent delete won the race.
      if (!affected) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    });
    return { id: questionId, deleted: true };
  }

  private async findOwned(userId: number, questionId: number): Promise<QuestionEntity> {
    const question = await this.questions.findOneBy({ id: questionId, userId });
    // Someone else's question answers exactly like a missing one, so ids reveal nothing.
    if (!question) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    return question;
  }

  /** Adds each question's council (agent, model, role) with one query for the whole page. */
  private async withMembers(questions: readonly QuestionEntity[]): Promise<HistoryItem[]> {
    if (questions.length === 0) return [];
    const members = await this.questionAgents.find({
      where: { questionId: In(questions.map((question) => question.id)) },
      relations: { agent: true, model: true, role: true },
      order: { questionId: 'ASC', order: 'ASC' },
    });
    const now = new Date();
    return questions.map((question) => ({
      ...toQuestionResponse(question),
      isShared: isShareActive(question, now),
      questionAgents: members
        .filter((member) => member.questionId === question.id)
        .map(toQuestionAgentResponse),
    }));
  }
}
