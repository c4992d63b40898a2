// The consensus job's layers as Nest providers: what each is built from is declared here once, and
// the consensus module (and the integration tests' module) supply what comes from outside.

import { type FactoryProvider, type Provider } from '@nestjs/common';
import { type QuestionBudget, type QuestionStreamWriter } from '@council/server-kit';
import { DataSource } from 'typeorm';
import { ConsensusFlow, type TrimHold } from './consensus-flow.service';
import { ConsensusJobRunner } from './consensus-job.runner';
import { ConsensusQueues, type ConsensusQueuesDeps } from './consensus-queues';
import { ConsensusRepository } from './consensus.repository';
import { DebatePauseRepository } from './debate-pause.repository';
import { QuestionFailure } from './question-failure.service';

/** What the consensus job takes from outside itself (CONSENSUS_JOB_DEPS). */
export interface ConsensusJobDeps extends ConsensusQueuesDeps {
  stream: QuestionStreamWriter;
  maxRounds: number;
  /** How long a debate waits for the asker's note; default WEIGH_IN.pauseSeconds. */
  pauseMs?: number;
  /** Capped questions' shared budgets (TOKEN_CAP). */
  budget?: QuestionBudget;
  /** Billing's hold trim at a weigh-in pause (ConsensusFlowDeps.trimHold). */
  trimHold?: TrimHold;
}
export const CONSENSUS_JOB_DEPS = Symbol('CONSENSUS_JOB_DEPS');

/** A repository that reads and writes through the application's DataSource. */
function repository<T>(type: new (dataSource: DataSource) => T): FactoryProvider<T> {
  return {
    provide: type,
    inject: [DataSource],
    useFactory: (dataSource: DataSource) => new type(dataSource),
  };
}

/**
 * Every layer of the consensus job, down to ConsensusJobRunner. The module that lists them provides
 * DataSource and CONSENSUS_JOB_DEPS.
 */
export const CONSENSUS_JOB_PROVIDERS: Provider[] = [
  repository(ConsensusRepository),
  repository(DebatePauseRepository),
  {
    provide: ConsensusQueues,
    inject: [CONSENSUS_JOB_DEPS],
    useFactory: (deps: ConsensusJobDeps) => new ConsensusQueues(deps),
  },
  {
    provide: ConsensusFlow,
    inject: [ConsensusRepository, ConsensusQueues, DebatePauseRepository, CONSENSUS_JOB_DEPS],
    useFactory: (
      repository: ConsensusRepository,
      queues: ConsensusQueues,
      pauses: DebatePauseRepository,
      deps: ConsensusJobDeps,
    ) =>
      new ConsensusFlow({
        repository,
        queues,
        stream: deps.stream,
        pauses,
        maxRounds: deps.maxRounds,
        pauseMs: deps.pauseMs,
        budget: deps.budget,
        trimHold: deps.trimHold,
      }),
  },
  {
    provide: QuestionFailure,
    inject: [ConsensusRepository, ConsensusQueues, CONSENSUS_JOB_DEPS],
    useFactory: (repository: ConsensusRepository, queues: ConsensusQueues, deps: ConsensusJobDeps) =>
      new QuestionFailure({ repository, queues, stream: deps.stream }),
  },
  ConsensusJobRunner,
];
