// The consensus queue's jobs, built from their layers: the flow rules (ConsensusFlow), the SQL
// (ConsensusRepository) and the queue side (ConsensusQueues).

import { JOBS, type QUEUES, type ConsensusFinaliseJobData, parseJobPayload } from '@council/contracts';
import {
  type JobHandlers,
  type QuestionBudget,
  type QuestionStreamWriter,
  withFinalFailure,
} from '@council/server-kit';
import { type Job } from 'bullmq';
import { type DataSource } from 'typeorm';
import { ConsensusFlow, type ConsensusJobResult, type TrimHold } from './consensus-flow.service';
import { ConsensusQueues, type ConsensusQueuesDeps } from './consensus-queues';
import { ConsensusRepository } from './consensus.repository';
import { DebatePauseRepository } from './debate-pause.repository';
import { QuestionFailure } from './question-failure.service';

export interface ConsensusJobRunnerDeps extends ConsensusQueuesDeps {
  dataSource: DataSource;
  stream: QuestionStreamWriter;
  maxRounds: number;
  /** How long a debate waits for the asker's note; default WEIGH_IN.pauseSeconds. */
  pauseMs?: number;
  /** Capped questions' shared budgets (TOKEN_CAP). */
  budget?: QuestionBudget;
  /** Billing's hold trim at a weigh-in pause (ConsensusFlowDeps.trimHold). */
  trimHold?: TrimHold;
  /**
   * Resolves once billing has processed the release (which settles the answers too), or gives up
   * after a bounded wait. The final stream entry is appended after it, so a client that reloads
   * its balance on completion sees the answers charged and the unused reservation back.
   */
  waitForUsage?: (usage: Job) => Promise<void>;
}

export class ConsensusJobRunner {
  private readonly queues: ConsensusQueues;
  private readonly flow: ConsensusFlow;
  private readonly failure: QuestionFailure;

  constructor(deps: ConsensusJobRunnerDeps) {
    const repository = new ConsensusRepository(deps.dataSource);
    this.queues = new ConsensusQueues(deps);
    this.flow = new ConsensusFlow({
      repository,
      queues: this.queues,
      stream: deps.stream,
      pauses: new DebatePauseRepository(deps.dataSource),
      maxRounds: deps.maxRounds,
      pauseMs: deps.pauseMs,
      budget: deps.budget,
      trimHold: deps.trimHold,
    });
    this.failure = new QuestionFailure({ repository, queues: this.queues, stream: deps.stream });
  }

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
