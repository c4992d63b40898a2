import { Injectable } from '@nestjs/common';
import { type AskQuestionResult, type QuestionStatus } from '@council/contracts';
import { GatewayEnv } from '../../config/gateway.env';
import { QuestionsRepository } from '../data/questions.repository';
import { QUESTION_WAIT_POLL_MS } from '../questions.constants';
import { isFinalStatus, toQuestionAgentResponse, toQuestionResponse, toResponseRow } from '../questions.util';

/** Reading a question's council result: the ask's `?wait=true` answer and the socket's ownership check. */
@Injectable()
export class QuestionResults {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly env: GatewayEnv,
  ) {}

  /** The question, its council and its stored answers. */
  async result(questionId: number): Promise<AskQuestionResult> {
    const [entity, members] = await Promise.all([
      this.questions.withResponses(questionId),
      this.questions.council(questionId),
    ]);
    return {
      question: toQuestionResponse(entity),
      responses: (entity.responses ?? []).map(toResponseRow),
      agents: members.map(toQuestionAgentResponse),
    };
  }

  /** For the socket: the question's status when `userId` owns it, else null. */
  ownedStatus(userId: number, questionId: number): Promise<QuestionStatus | null> {
    return this.questions.ownedStatus(userId, questionId);
  }

  /** Polls until the question is final, gone, or QUESTION_WAIT_TIMEOUT_MS passed. */
  async waitUntilFinal(questionId: number): Promise<void> {
    const deadline = Date.now() + this.env.QUESTION_WAIT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const status = await this.questions.status(questionId);
      if (status === null || isFinalStatus(status)) return;
      await new Promise((resolve) => setTimeout(resolve, QUESTION_WAIT_POLL_MS));
    }
  }
}
