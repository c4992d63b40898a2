import { QUESTION_FAILED_MESSAGE, type QuestionFailJobData } from '@council/contracts';
import { type QuestionStreamWriter } from '@council/server-kit';
import { type ConsensusQueues } from './consensus-queues';
import { type ConsensusRepository } from './consensus.repository';

export interface QuestionFailureDeps {
  repository: ConsensusRepository;
  queues: Pick<ConsensusQueues, 'release'>;
  stream: Pick<QuestionStreamWriter, 'append'>;
}

/**
 * Ends a question whose flow parent failed for good: members still open are closed, the question
 * is failed, the reservation goes back and the client hears it. Questions already completed or
 * cancelled are left as they are.
 */
export class QuestionFailure {
  constructor(private readonly deps: QuestionFailureDeps) {}

  /**
   * `retry`: an earlier attempt of the same job may have failed the question and then stopped (say,
   * at the release), so a question already failed is carried on to the end rather than skipped.
   */
  async fail(data: QuestionFailJobData, retry: boolean): Promise<boolean> {
    if (!(await this.deps.repository.markFailed(data.questionId, retry))) return false;
    await this.deps.repository.closeOpenResponses(data.questionId);
    await this.deps.queues.release(data.questionId, data.userId);
    await this.deps.stream.append(data.questionId, [
      { type: 'question:failed', error: QUESTION_FAILED_MESSAGE, reason: 'error' },
    ]);
    return true;
  }
}
