// What the provider queues' workers run: one provider call per job (provider-job.service.ts has the
// flow). Errors are sorted by classifyProviderError: retryable ones are rethrown for BullMQ's
// backoff, the rest (and the last attempt) end the member with an error row.

import { type MemberAnswerJobData } from '@council/contracts';
import { QuestionBudget, QuestionStreamWriter, ReservationRelease } from '@council/server-kit';
import { type Job } from 'bullmq';
import { DEFAULT_DELTA_BATCH } from '../streaming/delta-batcher';
import { CancelWatch } from './cancel-watch';
import { CouncilInputsService } from './council-inputs.service';
import { JobStartRepository } from './data/job-start.repository';
import { ConversationThreadRepository } from './data/conversation-thread.repository';
import { DebateNotesRepository } from './data/debate-notes.repository';
import { QuestionAgentsRepository } from './data/question-agents.repository';
import { ResponsesRepository } from './data/responses.repository';
import { ProviderAdapters } from './provider-adapters';
import { ProviderJobFailureService } from './provider-job-failure.service';
import { ProviderJobService } from './provider-job.service';
import { QuestionEndRepository } from './data/question-end.repository';
import { QuestionEnd } from './question-end';
import { type ProviderJobResult, type ProviderJobRunnerDeps } from './provider-job.types';
import { UsageSettlement } from './usage-settlement';

export { memberLabel } from '@council/llm';
export { RetryableProviderError } from './provider-job.errors';
export type { ProviderJobName, ProviderJobResult, ProviderJobRunnerDeps } from './provider-job.types';

/** How often the streaming jobs check the gateway's cancel signal (one EXISTS for all of them). */
export const DEFAULT_CANCEL_CHECK_MS = 250;

/** Builds the provider job's layers once per process; every job shares them. */
export class ProviderJobRunner {
  private readonly service: ProviderJobService;

  constructor(deps: ProviderJobRunnerDeps) {
    const responses = new ResponsesRepository(deps.dataSource);
    const stream = new QuestionStreamWriter(deps.redis, deps.prefix, { finished: deps.metrics?.finished });
    const settlement = new UsageSettlement(deps.usageQueue);
    this.service = new ProviderJobService({
      jobStarts: new JobStartRepository(deps.dataSource),
      responses,
      inputs: new CouncilInputsService(
        new QuestionAgentsRepository(deps.dataSource),
        responses,
        new DebateNotesRepository(deps.dataSource),
        new ConversationThreadRepository(deps.dataSource),
      ),
      adapters: new ProviderAdapters(deps.llm, deps.providerFor),
      stream,
      cancelWatch: new CancelWatch(deps.redis, deps.prefix, deps.cancelCheckMs ?? DEFAULT_CANCEL_CHECK_MS),
      budget: new QuestionBudget(deps.redis, deps.prefix),
      holdTopUp: deps.holdTopUp,
      settlement,
      failures: new ProviderJobFailureService(responses, stream, settlement),
      end: new QuestionEnd({
        repository: new QuestionEndRepository(deps.dataSource),
        release: new ReservationRelease(deps),
        stream,
      }),
      idleTimeoutMs: deps.idleTimeoutMs,
      firstDeltaTimeoutMs: deps.firstDeltaTimeoutMs,
      batch: deps.batch ?? DEFAULT_DELTA_BATCH,
      firstToken: deps.metrics?.firstToken,
    });
  }

  /** `checked`: the payload as the dispatcher validated it (else it is validated here). */
  run(job: Job, checked?: MemberAnswerJobData): Promise<ProviderJobResult> {
    return this.service.run(job, checked);
  }

  /** Ends the member of a job that failed for good without its handler seeing it (a stalled job). */
  afterFailure(job: Job): Promise<void> {
    return this.service.afterFailure(job);
  }
}
