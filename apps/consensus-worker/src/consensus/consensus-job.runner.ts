// The consensus queue's jobs, run by their layers: the flow rules (ConsensusFlow), the SQL
// (ConsensusRepository) and the queue side (ConsensusQueues).

import { JOBS, type QUEUES, type ConsensusFinaliseJobData, parseJobPayload } from '@council/contracts';
import { type JobHandlers, withFinalFailure } from '@council/server-kit';
import { Inject, Injectable } from '@nestjs/common';
import { type Job } from 'bullmq';
import { ConsensusFlow, type ConsensusJobResult } from './consensus-flow.service';
import { ConsensusQueues } from './consensus-queues';
import { QuestionFailure } from './question-failure.service';

/** The consensus queue's jobs as the processor calls them (consensus-job.providers.ts builds the layers). */
@Injectable()
export class ConsensusJobRunner {
  constructor(
    @Inject(ConsensusQueues) private readonly queues: ConsensusQueues,
    @Inject(ConsensusFlow) private readonly flow: ConsensusFlow,
    @Inject(QuestionFailure) private readonly failure: QuestionFailure,
  ) {}

  handlers(): JobHandlers<typeof QUEUES.consensus> {
    return {
      [JOBS.consensusFinalise]: (data, job, token) => this.finalise(data, job, token),
      // A retry carries on with a question its earlier attempt already failed (QuestionFailure).
      [JOBS.questionFail]: (data, job) => this.failure.fail(data, job.attemptsMade > 0),
    };
  }

  /**
   * Runs the flow parent. When it fails for good, the question is ended by a retried job of its
   * own, added here before BullMQ records the failure: should the add fail, so does recording the
   * failure when Redis is the cause, and the job stalls and runs again. A handler of the worker's
   * "failed" event would instead lose the work to a crash or a blip, with the question left running
   * and its tokens held.
   */
  finalise(data: ConsensusFinaliseJobData, job: Job, token: string | undefined): Promise<ConsensusJobResult> {
    return withFinalFailure(
      job,
      () => this.flow.run(job, data, token),
      () => this.queues.addQuestionFail(data),
    );
  }

  /** Ends a question at once (what the question-fail job does); idempotent. */
  async failQuestion(jobData: unknown): Promise<void> {
    await this.failure.fail(await parseJobPayload(JOBS.questionFail, jobData), false);
  }

  /**
   * Backstop for a flow parent that failed for good without its handler seeing the failure (it
   * stalled too often, or its payload was refused): adds the question-fail job if the payload names
   * a question. A no-op when finalise added it already (one job id per question).
   */
  async afterFailure(job: Job): Promise<void> {
    if (job.name !== JOBS.consensusFinalise || !job.finishedOn) return;
    const data = await parseJobPayload(JOBS.questionFail, job.data).catch(() => null);
    if (data) await this.queues.addQuestionFail(data);
  }
}
