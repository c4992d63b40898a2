import { Injectable } from '@nestjs/common';
import {
  type DeleteQuestionReply,
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryItem,
  type HistoryPage,
  type HistoryQueryDto,
  type QuestionDetail,
  type QuestionExportTurn,
  answerMaxOutputTokensFor,
  fitThread,
} from '@council/contracts';
import { type QuestionEntity, threadTurnChars } from '@council/db';
import { DomainException } from '@council/server-kit';
import { type AuthUser } from '../../users/users.util';
import { CancelQuestion } from '../cancel/cancel-question.service';
import { ConversationsRepository } from '../data/conversations.repository';
import { QuestionsRepository } from '../data/questions.repository';
import { DebateNotesRepository } from '../data/debate-notes.repository';
import { ResponsesRepository } from '../data/responses.repository';
import { isFinalStatus, toQuestionAgentResponse, toQuestionResponse, toResponseRow } from '../questions.util';
import { conversationShare } from '../sharing/sharing.util';
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
    private readonly conversations: ConversationsRepository,
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
    const items = await this.withMembers(page);
    return {
      items: items.map((item, index) => {
        const row = raw.find((candidate) => Number(candidate.q_id) === item.id);
        return {
          ...item,
          followUps: Number(row?.follow_ups ?? 0),
          lastTurnAt: page[index]!.lastTurnAt.toISOString(),
          lastTurnStatus: row?.last_turn_status ?? item.status,
        };
      }),
      nextCursor,
    };
  }

  /**
   * The question with its council, and every stored answer: by member, then round, consensus last;
   * with every turn of its conversation and what a follow-up's threads would carry.
   */
  async detail(user: AuthUser, questionId: number): Promise<QuestionDetail> {
    const question = await this.questions.findOwned(user.id, questionId);
    const conversationId = question.conversationId ?? question.id;
    const [[item], answers, notes, turns] = await Promise.all([
      this.withMembers([question]),
      this.responses.ofQuestion(questionId),
      this.notes.ofQuestion(questionId),
      this.conversations.turns(conversationId),
    ]);
    const running = turns.some((turn) => !isFinalStatus(turn.status));
    return {
      // A follow-up reports its conversation's share, which lives on the first question.
      question: { ...item!, ...conversationShare(turns[0] ?? question, new Date()) },
      answers: answers.map(toResponseRow),
      notes,
      conversation: turns.map((turn) => ({
        id: turn.id,
        question: turn.question,
        status: turn.status,
        createdAt: turn.createdAt.toISOString(),
      })),
      followUpThreadLength: running ? 0 : await this.followUpThreadLength(user, conversationId),
    };
  }

  /**
   * Every turn of the question's conversation, oldest first, with its council and stored answers:
   * what the Markdown export writes (docs/decisions.md, "25. Follow-ups").
   */
  async conversationDetails(user: AuthUser, questionId: number): Promise<QuestionExportTurn[]> {
    const question = await this.questions.findOwned(user.id, questionId);
    const turns = await this.conversations.turns(question.conversationId ?? question.id);
    const [items, answers] = await Promise.all([
      this.withMembers(turns),
      Promise.all(turns.map((turn) => this.responses.ofQuestion(turn.id))),
    ]);
    return items.map((item, index) => ({
      question: item,
      answers: (answers[index] ?? []).map(toResponseRow),
    }));
  }

  /** The thread a follow-up would carry now (FollowUpQuestion fits it the same way), for the quote. */
  private async followUpThreadLength(user: AuthUser, conversationId: number): Promise<number> {
    const [council, thread] = await Promise.all([
      this.questions.council(conversationId),
      this.conversations.thread(conversationId),
    ]);
    return fitThread({
      turns: thread.map((turn) => ({
        chars: Math.max(0, ...council.map((member) => threadTurnChars(turn, member.order))),
      })),
      contextWindows: council.map((member) => member.model?.contextWindow ?? null),
      answerMaxOutputTokens: answerMaxOutputTokensFor(user.subscriptionTier),
      promptChars: 0,
    }).threadChars;
  }

  /**
   * Deletes the question's whole conversation (docs/decisions.md, "25. Follow-ups") with its answers,
   * councils and share link in one transaction. A turn still running is cancelled first, through
   * the same path as POST …/cancel, so its jobs stop and its unused tokens go back; if billing
   * cannot take them back (503) nothing is deleted.
   */
  async delete(user: AuthUser, questionId: number): Promise<DeleteQuestionReply> {
    const question = await this.questions.findOwned(user.id, questionId);
    const conversationId = question.conversationId ?? question.id;
    const turns = await this.conversations.turns(conversationId);
    for (const turn of turns.filter((candidate) => !isFinalStatus(candidate.status))) {
      try {
        await this.cancelQuestion.execute(user, turn.id);
      } catch (error) {
        // It finished between our read and the cancel: nothing left to stop.
        if (!(error instanceof DomainException && error.code === 'CONFLICT')) throw error;
      }
    }
    // The follow-ups go with their first question (ON DELETE CASCADE).
    await this.questions.deleteWithAnswers(user.id, conversationId);
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
