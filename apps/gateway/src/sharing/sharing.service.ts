import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_SHARE_EXPIRY,
  type QuestionResponse,
  type ResponseProvider,
  SERVER_MESSAGES,
  type ShareQuestionDto,
  type ShareReply,
  type SharedQuestionResponse,
  defaultShareDescription,
  defaultShareTitle,
  shareExpiresAt,
} from '@council/contracts';
import { QuestionEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { DataSource, Repository } from 'typeorm';
import { GatewayEnv } from '../config/gateway.env';
import { toQuestionResponse } from '../questions/questions.util';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { SHARED_VIEW_RATE_LIMIT } from './sharing.constants';
import { generateShareId, isShareIdFormat, shareLink } from './sharing.util';

interface SharedResponseRow {
  id: number;
  provider: ResponseProvider;
  model: string | null;
  response: string;
  reasoning: string | null;
  totalTokens: number;
}

/**
 * A finished answer for the public page: each member's latest completed round (its final position
 * after any debate), then the consensus. Failed, empty and still-streaming rows are left out.
 */
const SHARED_RESPONSES_SQL = `
  SELECT DISTINCT ON (r."memberOrder")
         r."id", r."provider", m."name" AS "model", r."response", r."reasoning", r."totalTokens"
    FROM "responses" r
    LEFT JOIN "models" m ON m."id" = r."modelId"
   WHERE r."questionId" = $1
     AND r."status" = 'completed'
     AND r."error" IS NULL
     AND r."response" <> ''
   ORDER BY r."memberOrder" ASC NULLS LAST, r."round" DESC, r."id" DESC`;

/** Share links (spec §2 Share dialog and Shared page, DECISIONS 8): create, revoke, read publicly. */
@Injectable()
export class SharingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(QuestionEntity) private readonly questions: Repository<QuestionEntity>,
    private readonly rateLimit: RateLimitService,
    private readonly env: GatewayEnv,
  ) {}

  /**
   * Shares the owner's question, or updates its share: the link id stays once made, title and
   * description default to the saved ones or cuts of the question (spec §5), the expiry starts now.
   */
  async share(userId: number, questionId: number, dto: ShareQuestionDto): Promise<ShareReply> {
    const question = await this.findOwned(userId, questionId);
    const title = dto.title ?? defaultShareTitle(question);
    const description = dto.description ?? defaultShareDescription(question);
    const expiresAt = shareExpiresAt(dto.expiry ?? DEFAULT_SHARE_EXPIRY, new Date());
    // COALESCE in the UPDATE itself: two concurrent first shares still agree on one link id.
    const result = await this.questions
      .createQueryBuilder()
      .update()
      .set({
        isShared: true,
        shareId: () => 'COALESCE("shareId", :candidate)',
        shareTitle: title,
        shareDescription: description,
        shareExpiresAt: expiresAt,
      })
      .where('"id" = :questionId AND "userId" = :userId', { questionId, userId })
      .setParameter('candidate', generateShareId())
      .returning(['shareId'])
      .execute();
    const rows = result.raw as Array<{ shareId: string }>;
    const shareId = rows[0]?.shareId;
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
    const { affected } = await this.questions
      .createQueryBuilder()
      .update()
      .set({ isShared: false, shareId: null, shareExpiresAt: null })
      .where('"id" = :questionId AND "userId" = :userId', { questionId, userId })
      .execute();
    if (!affected) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    return toQuestionResponse(await this.findOwned(userId, questionId));
  }

  /**
   * The public, read-only view of a shared question; nothing about its owner. Unknown, revoked and
   * expired links all answer the same 404. Every call counts against the caller's IP.
   */
  async view(ip: string, shareId: string): Promise<SharedQuestionResponse> {
    await this.rateLimit.consume(SHARED_VIEW_RATE_LIMIT, ip);
    if (!isShareIdFormat(shareId)) throw this.sharedNotFound();
    const question = await this.questions
      .createQueryBuilder('q')
      .where('q."shareId" = :shareId AND q."isShared"', { shareId })
      .andWhere('(q."shareExpiresAt" IS NULL OR q."shareExpiresAt" > now())')
      .getOne();
    if (!question) throw this.sharedNotFound();
    const rows = await this.dataSource.query<SharedResponseRow[]>(SHARED_RESPONSES_SQL, [question.id]);
    return {
      question: {
        question: question.question,
        shareTitle: question.shareTitle,
        shareDescription: question.shareDescription,
        showDebate: question.showDebate,
        showReasoning: question.showReasoning,
      },
      responses: rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        model: row.model,
        response: row.response,
        // Reasoning is part of the page only when the question asked for it.
        reasoning: question.showReasoning ? row.reasoning : null,
        totalTokens: row.totalTokens,
      })),
    };
  }

  private async findOwned(userId: number, questionId: number): Promise<QuestionEntity> {
    const question = await this.questions.findOneBy({ id: questionId, userId });
    if (!question) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    return question;
  }

  private sharedNotFound(): DomainException {
    return new DomainException('NOT_FOUND', SERVER_MESSAGES.sharedQuestionNotFound);
  }
}
