// A question without a debate has no flow parent (buildQuestionJobs): each member's job, once it
// has ended one way or another, checks whether it was the last, and the last one ends the question.

import { QUESTION_CANCELLED_MESSAGE, type StreamEntry } from '@council/contracts';
import { type QuestionStreamWriter, type ReservationRelease } from '@council/server-kit';
import { type QuestionEndRepository } from './data/question-end.repository';
import { type ProviderJobTarget } from './provider-job.types';
import { failedEntry } from './stream-entries';

/** Stored on a first answer whose job ended without an outcome (the consensus worker's wording). */
export const UNFINISHED_ERROR = 'The answer could not be completed.';

export interface QuestionEndDeps {
  repository: QuestionEndRepository;
  release: Pick<ReservationRelease, 'release'>;
  stream: Pick<QuestionStreamWriter, 'append' | 'appendFinalIfMissing'>;
}

export class QuestionEnd {
  constructor(private readonly deps: QuestionEndDeps) {}

  /**
   * After a member's job ended (answered, failed, stopped, skipped, or found its answer stored):
   * the member that ends the question last completes it, has billing settle the answers and give
   * back the reservation's rest, then tells the client. A cancelled question was ended by the
   * gateway; its last member only releases again, which settles answers completed since.
   *
   * `rerun`: this job has started before (a retry, or a run taken over from a lost worker), so the
   * run that completed the question may have been this job's own, stopped before its release or
   * final entry. A first run that finds the question completed was merely beaten to it by another
   * member ending at the same moment, and leaves it alone.
   */
  async afterMember(target: ProviderJobTarget, rerun: boolean): Promise<void> {
    if (!target.data.endsQuestion) return;
    const { questionId, userId } = target.data;
    const state = await this.deps.repository.end(questionId);
    if (!state || state.open) return;
    const completed: StreamEntry = { type: 'question:completed', totalTokensUsed: state.total };
    if (state.completedNow) {
      await this.deps.release.release(questionId, userId);
      // Conditional too: a re-run recovering the end may be writing it at the same moment.
      await this.deps.stream.appendFinalIfMissing(questionId, completed);
    } else if (state.status === 'cancelled') {
      await this.deps.release.release(questionId, userId);
    } else if (state.status === 'completed' && rerun) {
      // Both are idempotent.
      await this.deps.release.release(questionId, userId);
      await this.deps.stream.appendFinalIfMissing(questionId, completed);
    }
  }

  /** Closes a member's first answer left open by a lost run of a cancelled question. */
  async closeOpenMember(questionId: number, memberOrder: number): Promise<void> {
    await this.deps.repository.closeOpenMember(questionId, memberOrder, QUESTION_CANCELLED_MESSAGE);
  }

  /**
   * A member's first answer that failed for good, whatever the cause (its handler's final error, or
   * a job that stalled out): its row is closed if still open (or made, if the job never got that
   * far), the client hears of it, and the question is ended if this was its last member. Rare, so
   * it always checks the end as a re-run would.
   */
  async memberFailed(target: ProviderJobTarget): Promise<void> {
    if (!target.data.endsQuestion) return;
    const { questionId, memberOrder } = target.data;
    const closed = await this.deps.repository.closeMember(
      questionId,
      target.provider,
      memberOrder,
      UNFINISHED_ERROR,
    );
    if (closed) await this.deps.stream.append(questionId, [failedEntry(target, closed.id, closed.error)]);
    await this.afterMember(target, true);
  }
}
