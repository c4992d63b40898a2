import { Injectable, Logger } from '@nestjs/common';
import {
  CONVERSATION_TEXTS,
  type MemberAnswerJobData,
  type RetryResponseResult,
  SERVER_MESSAGES,
  errorMessage,
} from '@council/contracts';
import { PG_ERROR_CODES, type QuestionEntity, type ResponseEntity, isConstraintViolation } from '@council/db';
import { DomainException, QuestionStreamWriter } from '@council/server-kit';
import { BillingClient } from '../../billing/billing.client';
import { type AuthUser } from '../../users/users.util';
import { ONE_RUNNING_TURN_INDEX, QuestionsRepository } from '../data/questions.repository';
import { type ReplacedAnswer, ResponsesRepository } from '../data/responses.repository';
import { QuestionJobs } from '../jobs/question-jobs.service';
import {
  QUEUE_UNAVAILABLE_MESSAGE,
  RESPONSE_NOT_FOUND_MESSAGE,
  RETRY_CANCELLED_MESSAGE,
  RETRY_NOT_FAILED_MESSAGE,
  RETRY_WHILE_RUNNING_MESSAGE,
} from '../questions.constants';
import { isFinalStatus, toResponseRow } from '../questions.util';

/**
 * Asks one member of a finished question again (owner only; first-round answers):
 *
 * - A failed answer is retried: the row goes back to pending and the member's job is added again
 *   under its deterministic id (the failed job is removed first). A failed attempt never settles
 *   usage, so the new attempt's settlement is the only charge; it is keyed by the row
 *   (usageJobId, answerAgain), since the member's first-answer key is spent when the failed row
 *   replaced an answer given again. The question's reservation is released by then, so it is
 *   charged to the balance, which must not be empty (402). The question stays as it was.
 * - A completed answer of a completed question without a debate is answered again: the turn runs
 *   again (409 while any turn of its conversation runs, UQ_questions_one_running_turn), the answer
 *   is replaced by a new pending row, and the member's job ends the turn once it has written it.
 *   The earlier answer's settlement key is spent, so the new answer is settled under a key that
 *   names its own row (usageJobId, answerAgain): charged once, to the balance (402 when empty),
 *   whatever the job's retries. With a debate it is refused: the later rounds and the consensus
 *   build on the answer.
 */
@Injectable()
export class RetryResponse {
  private readonly logger = new Logger(RetryResponse.name);

  constructor(
    private readonly questions: QuestionsRepository,
    private readonly responses: ResponsesRepository,
    private readonly jobs: QuestionJobs,
    private readonly billing: BillingClient,
    private readonly stream: QuestionStreamWriter,
  ) {}

  async execute(user: AuthUser, questionId: number, responseId: number): Promise<RetryResponseResult> {
    const question = await this.questions.findOwned(user.id, questionId);
    const response = await this.responses.findOfQuestion(questionId, responseId);
    if (!response) throw new DomainException('NOT_FOUND', RESPONSE_NOT_FOUND_MESSAGE);
    if (question.status === 'cancelled') throw new DomainException('CONFLICT', RETRY_CANCELLED_MESSAGE);
    if (!isFinalStatus(question.status)) {
      throw new DomainException('CONFLICT', RETRY_WHILE_RUNNING_MESSAGE);
    }
    if (response.memberOrder === null || response.round !== 0) {
      throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    }
    if (response.status === 'completed') return this.answerAgain(user, question, response);
    if (response.status !== 'failed') throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);

    // Settled under a key naming its row: if it replaced an answer given again, the member's
    // first-answer key is spent, and it must still be charged (once).
    const data: MemberAnswerJobData = {
      ...(await this.jobData(user, question, response.memberOrder)),
      answerAgain: true,
    };
    // Two concurrent retries start one attempt.
    if (!(await this.responses.resetFailed(response.id))) {
      throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    }
    try {
      await this.jobs.requeueMemberAnswer(data);
    } catch (error) {
      this.logger.error(
        `Question ${questionId}: retry of member ${data.memberOrder} not queued: ${errorMessage(error)}`,
      );
      await this.responses.restoreFailed(response.id, response.error);
      throw new DomainException('SERVICE_UNAVAILABLE', QUEUE_UNAVAILABLE_MESSAGE);
    }
    // The member streams again on the question's stream: give it a fresh lifetime.
    await this.stream.expire(questionId).catch(() => undefined);
    return { ...toResponseRow(await this.responses.get(response.id)), streamEntryId: null };
  }

  /** A completed first answer of a completed turn without a debate, asked anew (see the class). */
  private async answerAgain(
    user: AuthUser,
    question: QuestionEntity,
    response: ResponseEntity,
  ): Promise<RetryResponseResult> {
    if (question.showDebate) throw new DomainException('CONFLICT', CONVERSATION_TEXTS.answerAgainDebate);
    if (await this.responses.conversationRunning(question.conversationId ?? question.id)) {
      throw new DomainException('CONFLICT', CONVERSATION_TEXTS.answerAgainWhileRunning);
    }
    const data: MemberAnswerJobData = {
      ...(await this.jobData(user, question, response.memberOrder ?? 0)),
      endsQuestion: true,
      answerAgain: true,
    };
    const replaced = await this.responses.answerAgain(question.id, response.id).catch((error: unknown) => {
      if (isConstraintViolation(error, PG_ERROR_CODES.uniqueViolation, ONE_RUNNING_TURN_INDEX)) return null;
      throw error;
    });
    // Another call (for this member or another) or another turn got there first.
    if (!replaced) throw new DomainException('CONFLICT', CONVERSATION_TEXTS.answerAgainWhileRunning);
    const { memberOrder } = data;
    let streamEntryId: string | null;
    try {
      // Before the job, so the member's new deltas follow it: a client follows the stream from here.
      [streamEntryId = null] = await this.stream.append(question.id, [
        { type: 'answer:reset', memberOrder, round: 0, attempt: 1 },
      ]);
      // The turn streams again: give its stream a fresh lifetime (until the turn's final entry).
      await this.stream.expire(question.id);
      await this.jobs.requeueMemberAnswer(data);
    } catch (error) {
      this.logger.error(
        `Question ${question.id}: answer again of member ${memberOrder} not queued: ${errorMessage(error)}`,
      );
      await this.restore(replaced);
      throw new DomainException('SERVICE_UNAVAILABLE', QUEUE_UNAVAILABLE_MESSAGE);
    }
    return { ...toResponseRow(replaced.next), streamEntryId };
  }

  /** The member's job, as the ask queued it; refused when the member is gone or the balance empty. */
  private async jobData(
    user: AuthUser,
    question: QuestionEntity,
    memberOrder: number,
  ): Promise<MemberAnswerJobData> {
    const member = await this.questions.memberWithAgent(question.id, memberOrder);
    if (!member?.agent) throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    const { tokensLeft } = await this.billing.subscription(user.id);
    if (tokensLeft <= 0) throw new DomainException('INSUFFICIENT_TOKENS', SERVER_MESSAGES.insufficientTokens);
    return {
      questionId: question.id,
      memberOrder: member.order,
      round: 0,
      agentId: member.agentId,
      modelId: member.modelId,
      roleId: member.roleId,
      provider: member.agent.provider,
      userId: user.id,
      showReasoning: question.showReasoning,
    };
  }

  private async restore(replaced: ReplacedAnswer): Promise<void> {
    await this.responses.restoreAnswer(replaced).catch((error: unknown) => {
      this.logger.error(
        `Question ${replaced.previous.questionId}: the answer given again was not put back: ${errorMessage(error)}`,
      );
    });
  }
}
