// What the consensus processor and the integration tests' bare worker both do on a final failure.

import { errorMessage } from '@council/contracts';
import { Logger } from '@nestjs/common';
import { type Worker } from 'bullmq';
import { type ConsensusJobRunner } from './consensus-job.runner';

const logger = new Logger('ConsensusWorker');

/** Adds the question-fail job for a flow parent that failed for good out of its handler's sight. */
export function watchFinalFailures(worker: Worker, runner: ConsensusJobRunner, log: Logger = logger): void {
  worker.on('failed', (job) => {
    if (!job) return;
    runner
      .afterFailure(job)
      .catch((error: unknown) =>
        log.error(`Could not queue the end of job ${job.id}'s question: ${errorMessage(error)}`),
      );
  });
}
