// The consensus job as the integration tests run it: the app's own providers
// (consensus-job.providers.ts) in a Nest context of their own, and a bare worker with the
// processor's handlers.

import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QUEUES } from '@council/contracts';
import { startJobWorker } from '@council/testing';
import { type ConnectionOptions, type Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  CONSENSUS_JOB_DEPS,
  CONSENSUS_JOB_PROVIDERS,
  type ConsensusJobDeps,
} from '../../src/consensus/consensus-job.providers';
import { ConsensusJobRunner } from '../../src/consensus/consensus-job.runner';
import { watchFinalFailures } from '../../src/consensus/consensus-worker';

/** What the consensus module takes from the application, given directly. */
export interface ConsensusJobRunnerDeps extends ConsensusJobDeps {
  dataSource: DataSource;
}

@Module({})
class ConsensusJobTestModule {}

/** A ConsensusJobRunner built by Nest from the app's providers. */
export async function consensusJobRunner({
  dataSource,
  ...deps
}: ConsensusJobRunnerDeps): Promise<ConsensusJobRunner> {
  const context = await NestFactory.createApplicationContext(
    {
      module: ConsensusJobTestModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: CONSENSUS_JOB_DEPS, useValue: deps },
        ...CONSENSUS_JOB_PROVIDERS,
      ],
    },
    { logger: false },
  );
  return context.get(ConsensusJobRunner);
}

export interface ConsensusWorkerOptions {
  connection: ConnectionOptions;
  /** REDIS_PREFIX. */
  redisPrefix: string;
  concurrency: number;
}

/** A bare worker of the consensus queue with the handlers ConsensusProcessor runs. */
export function createConsensusWorker(runner: ConsensusJobRunner, options: ConsensusWorkerOptions): Worker {
  const worker = startJobWorker(QUEUES.consensus, runner.handlers(), options);
  watchFinalFailures(worker, runner);
  return worker;
}
