import { Inject, Injectable } from '@nestjs/common';
import {
  type CancelQuestionResult,
  QUESTION_CANCELLED_MESSAGE,
  QUESTION_CANCEL_TTL_SECONDS,
  questionCancelKey,
} from '@council/contracts';
import { DomainException, QuestionStreamWriter, REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { BillingClient } from '../../billing/billing.client';
import { GatewayEnv } from '../../config/gateway.env';
import { type AuthUser } from '../../users/users.util';
import { QuestionsRepository } from '../data/questions.repository';
import { QuestionJobs } from '../jobs/question-jobs.service';
import { QUESTION_FINISHED_MESSAGE } from '../questions.constants';
import { isFinalStatus, toQuestionResponse } from '../questions.util';

/**
 * Stopping a question: raises the cancel signal for active jobs, removes the jobs that have not
 * started, marks it cancelled, gives back what its reservation still holds and ends its stream.
 */
@Injectable()
export class CancelQuestion {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly jobs: QuestionJobs,
    private readonly billing: BillingClient,
    private readonly stream: QuestionStreamWriter,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly env: GatewayEnv,
  ) {}

  async execute(user: AuthUser, questionId: number): Promise<CancelQuestionResult> {
    const question = await this.questions.findOwned(user.id, questionId);
    if (question.status !== 'cancelled') {
      if (isFinalStatus(question.status)) {
        throw new DomainException('CONFLICT', QUESTION_FINISHED_MESSAGE);
      }
      // Marked before the signal goes up: a member that stops on the signal and ends the question
      // last must find it cancelled, or it would complete it (QuestionEnd completes a pending or
      // running question) and the Stop would be lost.
      const ended = await this.questions.markCancelledIfRunning(questionId);
      await this.redis.set(
        questionCancelKey(this.env.REDIS_PREFIX, questionId),
        '1',
        'EX',
        QUESTION_CANCEL_TTL_SECONDS,
      );
      await this.jobs.removePending(questionId, await this.questions.membersWithAgents(questionId));
      // Only the request that ended the question ends its stream (a worker may have finished it first).
      if (ended) {
        await this.stream.append(questionId, [
          { type: 'question:failed', error: QUESTION_CANCELLED_MESSAGE, reason: 'cancelled' },
        ]);
      }
    }
    // Also on a repeated cancel: a release that failed before (billing down) is done now. Idempotent.
    const release = await this.billing.release(user.id, questionId);
    return {
      question: toQuestionResponse(await this.questions.findOwned(user.id, questionId)),
      releasedTokens: release.duplicate ? 0 : release.released,
    };
  }
}
