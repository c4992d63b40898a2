import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QuestionEntity } from '@council/db';
import { Repository } from 'typeorm';

export interface ShareFields {
  title: string;
  description: string;
  expiresAt: Date | null;
  /** The link id to use when the question has none yet. */
  candidateShareId: string;
}

/** The SQL of share links, which live on the question row. */
@Injectable()
export class SharesRepository {
  constructor(@InjectRepository(QuestionEntity) private readonly questions: Repository<QuestionEntity>) {}

  /**
   * Shares the user's question and answers its link id, or null when the question is gone.
   * COALESCE in the UPDATE itself: two concurrent first shares still agree on one link id.
   */
  async share(userId: number, questionId: number, fields: ShareFields): Promise<string | null> {
    const result = await this.questions
      .createQueryBuilder()
      .update()
      .set({
        isShared: true,
        shareId: () => 'COALESCE("shareId", :candidate)',
        shareTitle: fields.title,
        shareDescription: fields.description,
        shareExpiresAt: fields.expiresAt,
      })
      .where('"id" = :questionId AND "userId" = :userId', { questionId, userId })
      .setParameter('candidate', fields.candidateShareId)
      .returning(['shareId'])
      .execute();
    const rows = result.raw as Array<{ shareId: string }>;
    return rows[0]?.shareId ?? null;
  }

  /** Clears the link id, so the old URL answers 404 from now on; false when the question is not the user's. */
  async revoke(userId: number, questionId: number): Promise<boolean> {
    const { affected } = await this.questions
      .createQueryBuilder()
      .update()
      .set({ isShared: false, shareId: null, shareExpiresAt: null })
      .where('"id" = :questionId AND "userId" = :userId', { questionId, userId })
      .execute();
    return Boolean(affected);
  }

  /** The question behind a live link: shared, not revoked, not expired. */
  async findShared(shareId: string): Promise<QuestionEntity | null> {
    return this.questions
      .createQueryBuilder('q')
      .where('q."shareId" = :shareId AND q."isShared"', { shareId })
      .andWhere('(q."shareExpiresAt" IS NULL OR q."shareExpiresAt" > now())')
      .getOne();
  }
}
