// Run-time check of a job's payload. Processors call it first and treat a failure as permanent
// (BullMQ UnrecoverableError): retrying a malformed payload can never succeed.

import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { type JobName } from './queues.constants';
import { JOB_PAYLOAD_CLASSES, type JobPayloads } from './queues.payloads';

export class JobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly problems: readonly string[],
  ) {
    super(`Invalid payload for job "${jobName}": ${problems.join('; ')}`);
    this.name = 'JobPayloadError';
  }
}

export async function parseJobPayload<N extends JobName>(name: N, data: unknown): Promise<JobPayloads[N]> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new JobPayloadError(name, ['payload must be an object']);
  }
  const instance = plainToInstance(JOB_PAYLOAD_CLASSES[name], data);
  const errors = await validate(instance, { forbidUnknownValues: true });
  if (errors.length > 0) throw new JobPayloadError(name, flattenErrors(errors));
  return instance;
}

function flattenErrors(errors: readonly ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) => `${path}: ${text}`);
    return [...own, ...flattenErrors(error.children ?? [], path)];
  });
}
