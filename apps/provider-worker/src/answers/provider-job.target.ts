import { CONSENSUS_PROVIDER, JOBS, type MemberAnswerJobData, parseJobPayload } from '@council/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { type ProviderJobName, type ProviderJobTarget } from './provider-job.types';

const PROVIDER_JOB_NAMES: readonly string[] = [JOBS.memberAnswer, JOBS.debateRevision, JOBS.synthesis];

/**
 * Reads a provider queue's job; a job that can never run is unrecoverable. `checked`: the payload
 * as the queue's dispatcher already validated it, so it is not validated twice.
 */
export async function parseProviderJob(job: Job, checked?: MemberAnswerJobData): Promise<ProviderJobTarget> {
  if (!PROVIDER_JOB_NAMES.includes(job.name)) {
    throw new UnrecoverableError(`No handler for job "${job.name}" on a provider queue`);
  }
  const name = job.name as ProviderJobName;
  let data: MemberAnswerJobData;
  try {
    data = checked ?? (await parseJobPayload(name, job.data));
  } catch (error) {
    throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
  }
  const consensus = name === JOBS.synthesis;
  if (name === JOBS.memberAnswer && data.round !== 0)
    throw new UnrecoverableError('A first answer has round 0');
  if (name === JOBS.debateRevision && data.round < 1)
    throw new UnrecoverableError('A revision has round ≥ 1');
  return {
    name,
    data,
    consensus,
    provider: consensus ? CONSENSUS_PROVIDER : data.provider,
    memberOrder: consensus ? null : data.memberOrder,
    // The consensus row is round 0: there is one per question.
    round: consensus ? 0 : data.round,
    // An answer given again ends its turn again, but the release at that end settles only answers
    // whose first-answer key is unspent: it settles its own (usageJobId).
    settledAtEnd: job.parentKey !== undefined || (data.endsQuestion === true && data.answerAgain !== true),
  };
}
