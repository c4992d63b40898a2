// What the provider queues' workers run: one provider call per job (provider-job.service.ts has the
// flow, provider-job.providers.ts its layers). Errors are sorted by classifyProviderError: retryable
// ones are rethrown for BullMQ's backoff, the rest (and the last attempt) end the member with an
// error row.

import { Inject, Injectable } from '@nestjs/common';
import { type MemberAnswerJobData } from '@council/contracts';
import { type Job } from 'bullmq';
import { ProviderJobService } from './provider-job.service';
import { type ProviderJobResult } from './provider-job.types';

/** The provider job as the processors call it; every job of the process shares its layers. */
@Injectable()
export class ProviderJobRunner {
  constructor(@Inject(ProviderJobService) private readonly service: ProviderJobService) {}

  /** `checked`: the payload as the dispatcher validated it (else it is validated here). */
  run(job: Job, checked?: MemberAnswerJobData): Promise<ProviderJobResult> {
    return this.service.run(job, checked);
  }

  /** Ends the member of a job that failed for good without its handler seeing it (a stalled job). */
  afterFailure(job: Job): Promise<void> {
    return this.service.afterFailure(job);
  }
}
