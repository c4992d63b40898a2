import { Injectable } from '@nestjs/common';
import {
  type DeleteQuestionReply,
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryItem,
  type HistoryPage,
  type HistoryQueryDto,
  type QuestionDetail,
} from '@council/contracts';
import { type QuestionEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { type AuthUser } from '../../users/users.util';
import { CancelQuestion } from '../cancel/cancel-question.service';
import { QuestionsRepository } from '../data/questions.repository';
import { DebateNotesRepository } from '../data/debate-notes.repository';
import { ResponsesRepository } from '../data/responses.repository';
import { isFinalStatus, toQuestionAgentResponse, toQuestionResponse, toResponseRow } from '../questions.util';
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
    private readonly questions: QuestionsRepository,
    private readonly responses: ResponsesRepository,
    private readonly notes: DebateNotesRepository,
    private readonly cancelQuestion: CancelQuestion,
  ) {}

  /**
   * One page of the user's questions, newest first, optionally filtered by full-text search. Keyset
   * pagination, so a question asked or deleted while the user pages never shifts the pages that follow.
   */
  async list(userId: number, query: HistoryQueryDto): Promise<HistoryPage> {
    const limit = query.limit ?? HISTORY_PAGE_SIZE_DEFAULT;
    const after = query.cursor === undefined ? null : decodeHistoryCursor(query.cursor);
    const { entities, raw } = await this.questions.historyPage(userId, {
      limit,
      search: query.search,
      after,
      cursorAtSql: HISTORY_CURSOR_AT_SQL,
    });
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
    const question = await this.questions.findOwned(userId, questionId);
    const [item] = await this.withMembers([question]);
    const [answers, notes] = await Promise.all([
      this.responses.ofQuestion(questionId),
      this.notes.ofQuestion(questionId),
    ]);
    return { question: item, answers: answers.map(toResponseRow), notes };
  }

  /**
   * Deletes the question with its answers, council and share link in one transaction. A question
   * still running is cancelled first, through the same path as POST …/cancel, so its jobs stop and
   * its unused tokens go back; if billing cannot take them back (503) nothing is deleted.
   */
  async delete(user: AuthUser, questionId: number): Promise<DeleteQuestionReply> {
    const question = await this.questions.findOwned(user.id, questionId);
    if (!isFinalStatus(question.status)) {
      try {
        await this.cancelQuestion.execute(user, questionId);
      } catch (error) {
        // It finished between our read and the cancel: nothing left to stop.
        if (!(error instanceof DomainException && error.code === 'CONFLICT')) throw error;
      }
    }
    await this.questions.deleteWithAnswers(user.id, questionId);
    return { id: questionId, deleted: true };
  }

  /** Adds each question's council (agent, model, role) with one query for the whole page. */
  private async withMembers(questions: readonly QuestionEntity[]): Promise<HistoryItem[]> {
    if (questions.length === 0) return [];
    const members = await this.questions.councils(questions.map((question) => question.id));
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
