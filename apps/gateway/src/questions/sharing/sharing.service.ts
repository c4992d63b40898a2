import { Injectable } from '@nestjs/common';
import {
  type SharedResponse,
  DEFAULT_SHARE_EXPIRY,
  type QuestionResponse,
  SERVER_MESSAGES,
  type ShareQuestionDto,
  type ShareReply,
  type SharedQuestionResponse,
  defaultShareDescription,
  defaultShareTitle,
  shareExpiresAt,
} from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { GatewayEnv } from '../../config/gateway.env';
import { QuestionsRepository } from '../data/questions.repository';
import { DebateNotesRepository } from '../data/debate-notes.repository';
import { ResponsesRepository, type SharedResponseRow } from '../data/responses.repository';
import { SharesRepository } from '../data/shares.repository';
import { toQuestionResponse } from '../questions.util';
import { RateLimitService } from '../../rate-limit/rate-limit.service';
import { SHARED_VIEW_RATE_LIMIT } from './sharing.constants';
import { generateShareId, groupRounds, isShareIdFormat, shareLink, toSharedResponse } from './sharing.util';

/** Share links (spec §2 Share dialog and Shared page, DECISIONS 8): create, revoke, read publicly. */
@Injectable()
export class SharingService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly shares: SharesRepository,
    private readonly responses: ResponsesRepository,
    private readonly notes: DebateNotesRepository,
    private readonly rateLimit: RateLimitService,
    private readonly env: GatewayEnv,
  ) {}

  /**
   * Shares the owner's question, or updates its share: the link id stays once made, title and
   * description default to the saved ones or cuts of the question (spec §5), the expiry starts now.
   */
  async share(userId: number, questionId: number, dto: ShareQuestionDto): Promise<ShareReply> {
    const question = await this.questions.findOwned(userId, questionId);
    const title = dto.title ?? defaultShareTitle(question);
    const description = dto.description ?? defaultShareDescription(question);
    const expiresAt = shareExpiresAt(dto.expiry ?? DEFAULT_SHARE_EXPIRY, new Date());
    const shareId = await this.shares.share(userId, questionId, {
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

  /** Revokes the link (DECISIONS 8): its id is cleared, so the old URL answers 404 from now on. */
  async revoke(userId: number, questionId: number): Promise<QuestionResponse> {
    if (!(await this.shares.revoke(userId, questionId))) {
      throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    }
    return toQuestionResponse(await this.questions.findOwned(userId, questionId));
  }

  /**
   * The public, read-only view of a shared question; nothing about its owner. Unknown, revoked and
   * expired links all answer the same 404. Every call counts against the caller's IP.
   */
  async view(ip: string, shareId: string): Promise<SharedQuestionResponse> {
    await this.rateLimit.consume(SHARED_VIEW_RATE_LIMIT, ip);
    if (!isShareIdFormat(shareId)) throw this.sharedNotFound();
    const question = await this.shares.findShared(shareId);
    if (!question) throw this.sharedNotFound();
    const [rows, rounds, notes] = await Promise.all([
      this.responses.sharedAnswers(question.id),
      question.showDebate ? this.responses.sharedRounds(question.id) : Promise.resolve([]),
      question.showDebate ? this.notes.ofQuestion(question.id) : Promise.resolve([]),
    ]);
    const shown = (row: SharedResponseRow): SharedResponse => toSharedResponse(row, question);
    return {
      question: {
        question: question.question,
        shareTitle: question.shareTitle,
        shareDescription: question.shareDescription,
        showDebate: question.showDebate,
        showReasoning: question.showReasoning,
      },
      responses: rows.map(shown),
      rounds: groupRounds(rounds.map(shown)),
      notes: notes.map(({ afterRound, note }) => ({ afterRound, note })),
    };
  }

  private sharedNotFound(): DomainException {
    return new DomainException('NOT_FOUND', SERVER_MESSAGES.sharedQuestionNotFound);
  }
}
