import { Processor } from '@nestjs/bullmq';
import { Injectable, type Type } from '@nestjs/common';
import { QUEUES } from '@council/contracts';
import { type JobHandlers, JobProcessor, MetricsService, workerConnection } from '@council/server-kit';
import { type ConsensusWorkerEnv } from '../config/consensus-worker.env';
import { ConsensusJobRunner } from './consensus-job.runner';
import { watchFinalFailures } from './consensus-worker';

/** The consensus queue's processor: question flow parents and the question-fail job. */
// Injectable for the constructor's parameter types, which the decorated subclass inherits.
@Injectable()
export abstract class ConsensusProcessor extends JobProcessor<typeof QUEUES.consensus> {
  readonly queueName = QUEUES.consensus;

  constructor(
    private readonly runner: ConsensusJobRunner,
    protected readonly metrics: MetricsService,
  ) {
    super();
  }

  protected handlers(): JobHandlers<typeof QUEUES.consensus> {
    return this.runner.handlers();
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    watchFinalFailures(this.worker, this.runner, this.logger);
  }
}

/**
 * The processor class with the deployment's worker options: @Processor reads them when the class is
 * defined, so the class is made once the validated environment is known (ConsensusModule.forRoot).
 */
export function consensusProcessorClass(env: ConsensusWorkerEnv): Type<ConsensusProcessor> {
  @Processor(QUEUES.consensus, {
    concurrency: env.CONSENSUS_CONCURRENCY,
    ...workerConnection(env, QUEUES.consensus),
  })
  class ConsensusQueueProcessor extends ConsensusProcessor {}
  return ConsensusQueueProcessor;
}
