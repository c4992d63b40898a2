import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  askRefusal,
  type AskQuestionDto,
  type AskQuestionResult,
  type QuestionTurnDto,
  errorMessage,
  SERVER_MESSAGES,
  spendableTokens,
} from '@council/contracts';
import { DomainException, QuestionStreamWriter } from '@council/server-kit';
import { BillingClient } from '../../billing/billing.client';
import { BillingRpcException } from '../../billing/billing.exception';
import { type AuthUser } from '../../users/users.util';
import { CatalogueSnapshotService } from '../data/catalogue-snapshot.service';
import { QuestionsRepository } from '../data/questions.repository';
import { QuestionJobs } from '../jobs/question-jobs.service';
import { QUEUE_UNAVAILABLE_MESSAGE } from '../questions.constants';
import {
  type CatalogueSnapshot,
  type CouncilPlan,
  type FollowUpTurn,
  newQuestionResponse,
  planCouncil,
  plannedAgentResponses,
  refuseUnanswerable,
} from '../questions.util';
import { QuestionResults } from '../read/question-results.service';
import { turnHold } from './question-hold.util';
import { QUESTION_ASKED, type QuestionAskedListener } from './question-asked.listener';

/**
 * Asking the council: the council is checked against the user's tier (questions.util, from
 * libs/contracts' PLANS), the question and its members are written, tokens are held through
 * billing, the asker's socket (when named) starts following it, and one flow is queued.
 */
@Injectable()
export class AskQuestion {
  private readonly logger = new Logger(AskQuestion.name);

  constructor(
    private readonly catalogue: CatalogueSnapshotService,
    private readonly questions: QuestionsRepository,
    private readonly jobs: QuestionJobs,
    private readonly billing: BillingClient,
    private readonly stream: QuestionStreamWriter,
    private readonly results: QuestionResults,
    @Inject(QUESTION_ASKED) private readonly listener: QuestionAskedListener,
  ) {}

  /** A 402 writes nothing. With `wait`, answers once the question is final (or the wait timed out). */
  async execute(user: AuthUser, dto: AskQuestionDto, wait: boolean): Promise<AskQuestionResult> {
    const catalogue = await this.catalogue.get();
    const plan = planCouncil(user.subscriptionTier, dto, catalogue);
    return this.start(user, dto, plan, catalogue, wait, null);
  }

  /**
   * Writes, holds and queues one turn for a planned council: a new question, or with `turn` a
   * follow-up in its conversation (FollowUpQuestion). Every rule of an ask holds for each.
   */
  async start(
    user: AuthUser,
    dto: QuestionTurnDto,
    plan: CouncilPlan,
    catalogue: CatalogueSnapshot,
    wait: boolean,
    turn: FollowUpTurn | null,
  ): Promise<AskQuestionResult> {
    refuseUnanswerable(plan, dto.question, catalogue);
    // A balance that certainly cannot pay is refused before anything is written.
    const refusal = askRefusal(user);
    if (refusal) throw new DomainException(refusal.code, refusal.message);
    // Billing holds a cap in full or refuses it; this spares the write when it certainly would.
    if (dto.tokenCap != null && dto.tokenCap > spendableTokens(user)) {
      throw new DomainException('INSUFFICIENT_TOKENS', SERVER_MESSAGES.tokenCapAboveBalance);
    }
    const question = await this.questions.insert(user.id, dto, plan, turn);
    await this.reserve(user, question.id, dto, plan, catalogue, turn?.threadChars ?? 0);
    // Before the members are queued, so the asker's socket misses none of their first words.
    const asked = { userId: user.id, questionId: question.id, socketId: dto.socketId };
    this.listener.asked(asked);
    try {
      await this.jobs.enqueue(
        {
          id: question.id,
          userId: user.id,
          showDebate: dto.showDebate,
          showReasoning: dto.showReasoning,
          weighIn: dto.weighIn,
        },
        plan,
      );
    } catch (error) {
      this.logger.error(`Question ${question.id} could not be queued: ${errorMessage(error)}`);
      this.listener.abandoned(asked);
      await this.failUnqueued(user.id, question.id, QUEUE_UNAVAILABLE_MESSAGE);
      throw new DomainException('SERVICE_UNAVAILABLE', QUEUE_UNAVAILABLE_MESSAGE);
    }
    if (wait) {
      await this.results.waitUntilFinal(question.id);
      return this.results.result(question.id);
    }
    // Answered from what was just written (DECISIONS 12: at once, responses still empty), with no
    // read-back: the asker's subscription follows this answer, and a worker may already stream.
    return {
      question: newQuestionResponse(question, dto, plan, turn),
      responses: [],
      agents: plannedAgentResponses(question.id, plan.members, question.memberIds, catalogue),
    };
  }

  /**
   * Billing needs the question row, so it exists first. A refusal (402, or any 4xx) deletes it
   * again, so nothing is left behind; when billing's answer is unknown (503) the reservation may
   * exist, so it is released and the question kept as failed.
   */
  private async reserve(
    user: AuthUser,
    questionId: number,
    dto: QuestionTurnDto,
    plan: CouncilPlan,
    catalogue: CatalogueSnapshot,
    threadChars: number,
  ): Promise<void> {
    const hold = turnHold(dto, plan, catalogue, user.subscriptionTier, threadChars);
    try {
      await this.billing.reserve(user.id, questionId, hold);
    } catch (error) {
      if (error instanceof BillingRpcException && error.body.statusCode < 500) {
        await this.questions.remove(questionId);
      } else {
        await this.failUnqueued(user.id, questionId, errorMessage(error));
      }
      throw error;
    }
  }

  /** No job will ever run for this question: give its tokens back and mark it failed. */
  private async failUnqueued(userId: number, questionId: number, reason: string): Promise<void> {
    await this.billing.release(userId, questionId).catch((error: unknown) => {
      this.logger.error(
        `Question ${questionId}: release after a failed enqueue failed: ${errorMessage(error)}`,
      );
    });
    await this.questions.markFailed(questionId);
    await this.stream
      .append(questionId, [{ type: 'question:failed', error: reason, reason: 'error' }])
      .catch(() => undefined);
  }
}
