import { Injectable } from '@nestjs/common';
import {
  type SharedResponse,
  DEFAULT_SHARE_EXPIRY,
  type QuestionResponse,
  SERVER_MESSAGES,
  type ShareQuestionDto,
  type ShareReply,
  type SharedQuestionResponse,
  type SharedTurn,
  defaultShareDescription,
  defaultShareTitle,
  shareExpiresAt,
} from '@council/contracts';
import { type QuestionEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { GatewayEnv } from '../../config/gateway.env';
import { ConversationsRepository } from '../data/conversations.repository';
import { QuestionsRepository } from '../data/questions.repository';
import { DebateNotesRepository } from '../data/debate-notes.repository';
import { ResponsesRepository, type SharedResponseRow } from '../data/responses.repository';
import { SharesRepository } from '../data/shares.repository';
import { toQuestionResponse } from '../questions.util';
import { RateLimitService } from '../../rate-limit/rate-limit.service';
import { SHARED_VIEW_RATE_LIMIT } from './sharing.constants';
import {
  agentNamesByOrder,
  conversationShare,
  generateShareId,
  groupRounds,
  isShareIdFormat,
  shareLink,
  toSharedResponse,
} from './sharing.util';

/**
 * Share links (spec §2 Share dialog and Shared page, DECISIONS 8): create, revoke, read publicly. A
 * link shares a whole conversation (docs/decisions.md, "25. Follow-ups"): its columns live on the
 * first question, whichever turn it is made, read or revoked from.
 */
@Injectable()
export class SharingService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly shares: SharesRepository,
    private readonly responses: ResponsesRepository,
    private readonly notes: DebateNotesRepository,
    private readonly conversations: ConversationsRepository,
    private readonly rateLimit: RateLimitService,
    private readonly env: GatewayEnv,
  ) {}

  /**
   * Shares the owner's conversation, or updates its share: the link id stays once made, title and
   * description default to the saved ones or cuts of the first question (spec §5), the expiry
   * starts now.
   */
  async share(userId: number, questionId: number, dto: ShareQuestionDto): Promise<ShareReply> {
    const first = await this.firstQuestion(userId, questionId);
    const title = dto.title ?? defaultShareTitle(first);
    const description = dto.description ?? defaultShareDescription(first);
    const expiresAt = shareExpiresAt(dto.expiry ?? DEFAULT_SHARE_EXPIRY, new Date());
    const shareId = await this.shares.share(userId, first.id, {
      title,
      description,
      expiresAt,
      candidateShareId: generateShareId(),
    });
    // Deleted between the read and the update.
    if (!shareId) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    return {
      shareUrl: shareLink(this.env.PUBLIC_URL, shareId),
      shareId,
      shareTitle: title,
      shareDescription: description,
      shareExpiresAt: expiresAt ? expiresAt.toISOString() : null,
    };
  }

  /**
   * Revokes the conversation's link (DECISIONS 8): its id is cleared, so the old URL answers 404
   * from now on. Answers the question asked for, with its conversation's (now revoked) share state.
   */
  async revoke(userId: number, questionId: number): Promise<QuestionResponse> {
    const conversationId = (await this.firstQuestion(userId, questionId)).id;
    if (!(await this.shares.revoke(userId, conversationId))) {
      throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    }
    const [question, first] = await Promise.all([
      this.questions.findOwned(userId, questionId),
      this.questions.findOwned(userId, conversationId),
    ]);
    return { ...toQuestionResponse(question), ...conversationShare(first, new Date()) };
  }

  /**
   * The public, read-only view of a shared conversation: its first question with the share's title
   * and description, then every turn, oldest first; nothing about its owner. Unknown, revoked and
   * expired links all answer the same 404. Every call counts against the caller's IP.
   */
  async view(ip: string, shareId: string): Promise<SharedQuestionResponse> {
    await this.rateLimit.consume(SHARED_VIEW_RATE_LIMIT, ip);
    if (!isShareIdFormat(shareId)) throw this.sharedNotFound();
    const question = await this.shares.findShared(shareId);
    if (!question) throw this.sharedNotFound();
    const turns = await Promise.all(
      (await this.conversations.turns(question.conversationId ?? question.id)).map((turn) =>
        this.sharedTurn(turn),
      ),
    );
    const [first] = turns;
    // Deleted between the two reads.
    if (!first) throw this.sharedNotFound();
    return {
      ...first,
      question: {
        ...first.question,
        shareTitle: question.shareTitle,
        shareDescription: question.shareDescription,
      },
      turns,
    };
  }

  /** One turn as a shared page shows it, given what that turn was asked to show. */
  private async sharedTurn(turn: QuestionEntity): Promise<SharedTurn> {
    const [rows, rounds, notes, council] = await Promise.all([
      this.responses.sharedAnswers(turn.id),
      turn.showDebate ? this.responses.sharedRounds(turn.id) : Promise.resolve([]),
      turn.showDebate ? this.notes.ofQuestion(turn.id) : Promise.resolve([]),
      this.questions.membersWithAgents(turn.id),
    ]);
    const agentNames = agentNamesByOrder(council);
    const shown = (row: SharedResponseRow): SharedResponse => toSharedResponse(row, turn, agentNames);
    return {
      question: {
        question: turn.question,
        showDebate: turn.showDebate,
        showReasoning: turn.showReasoning,
        tokenCap: turn.tokenCap,
      },
      responses: rows.map(shown),
      rounds: groupRounds(rounds.map(shown)),
      notes: notes.map(({ afterRound, note }) => ({ afterRound, note })),
    };
  }

  /** The first question of the owner's question's conversation (the question itself when it is one). */
  private async firstQuestion(userId: number, questionId: number): Promise<QuestionEntity> {
    const question = await this.questions.findOwned(userId, questionId);
    return question.conversationId === null
      ? question
      : this.questions.findOwned(userId, question.conversationId);
  }

  private sharedNotFound(): DomainException {
    return new DomainException('NOT_FOUND', SERVER_MESSAGES.sharedQuestionNotFound);
  }
}
