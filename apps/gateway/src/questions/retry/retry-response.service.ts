import { Injectable, Logger } from '@nestjs/common';
import {
  type MemberAnswerJobData,
  type ResponseRow,
  SERVER_MESSAGES,
  errorMessage,
} from '@council/contracts';
import { DomainException, QuestionStreamWriter } from '@council/server-kit';
import { BillingClient } from '../../billing/billing.client';
import { type AuthUser } from '../../users/users.util';
import { QuestionsRepository } from '../data/questions.repository';
import { ResponsesRepository } from '../data/responses.repository';
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
 * Runs one failed member answer again (owner only; a finished question's first-round answers).
 * The response row goes back to pending and the member's job is added again under its
 * deterministic id (the failed job is removed first). A failed attempt never settles usage, so
 * the new attempt's settlement (usage key of that member and round) is the only charge; the
 * question's reservation is released by then, so it is charged to the balance, which must not
 * be empty (402).
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

  async execute(user: AuthUser, questionId: number, responseId: number): Promise<ResponseRow> {
    const question = await this.questions.findOwned(user.id, questionId);
    const response = await this.responses.findOfQuestion(questionId, responseId);
    if (!response) throw new DomainException('NOT_FOUND', RESPONSE_NOT_FOUND_MESSAGE);
    if (question.status === 'cancelled') throw new DomainException('CONFLICT', RETRY_CANCELLED_MESSAGE);
    if (!isFinalStatus(question.status)) {
      throw new DomainException('CONFLICT', RETRY_WHILE_RUNNING_MESSAGE);
    }
    if (response.status !== 'failed' || response.memberOrder === null || response.round !== 0) {
      throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    }
    const member = await this.questions.memberWithAgent(questionId, response.memberOrder);
    if (!member?.agent) throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    const { tokensLeft } = await this.billing.subscription(user.id);
    if (tokensLeft <= 0) throw new DomainException('INSUFFICIENT_TOKENS', SERVER_MESSAGES.insufficientTokens);

    // Two concurrent retries start one attempt.
    if (!(await this.responses.resetFailed(response.id))) {
      throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    }
    const data: MemberAnswerJobData = {
      questionId,
      memberOrder: member.order,
      round: 0,
      agentId: member.agentId,
      modelId: member.modelId,
      roleId: member.roleId,
      provider: member.agent.provider,
      userId: user.id,
      showReasoning: question.showReasoning,
    };
    try {
      await this.jobs.requeueMemberAnswer(data);
    } catch (error) {
      this.logger.error(
        `Question ${questionId}: retry of member ${member.order} not queued: ${errorMessage(error)}`,
      );
      await this.responses.restoreFailed(response.id, response.error);
      throw new DomainException('SERVICE_UNAVAILABLE', QUEUE_UNAVAILABLE_MESSAGE);
    }
    // The member streams again on the question's stream: give it a fresh lifetime.
    await this.stream.expire(questionId).catch(() => undefined);
    return toResponseRow(await this.responses.get(response.id));
  }
}
