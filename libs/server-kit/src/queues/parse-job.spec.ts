import { JOBS, QUEUES } from '@council/contracts';
import { UnrecoverableError } from 'bullmq';
import { DomainException } from '../errors/domain.exception';
import { parseJobOrFail, permanentOnDomainError } from './parse-job';

describe('parseJobOrFail', () => {
  it('answers the validated payload of the expected job', async () => {
    await expect(
      parseJobOrFail(QUEUES.retention, JOBS.retentionSweep, {
        name: JOBS.retentionSweep,
        data: { retentionDays: 30 },
      }),
    ).resolves.toEqual({ retentionDays: 30 });
  });

  it('ends a job of another name, or with a malformed payload, without retries', async () => {
    await expect(
      parseJobOrFail(QUEUES.retention, JOBS.retentionSweep, { name: 'other', data: {} }),
    ).rejects.toThrow(new UnrecoverableError('Queue retention has no handler for job "other"'));
    await expect(
      parseJobOrFail(QUEUES.retention, JOBS.retentionSweep, {
        name: JOBS.retentionSweep,
        data: { retentionDays: 0 },
      }),
    ).rejects.toBeInstanceOf(UnrecoverableError);
  });
});

describe('permanentOnDomainError', () => {
  it('makes a missing or foreign subject permanent and leaves other failures retryable', async () => {
    await expect(
      permanentOnDomainError(() => Promise.reject(new DomainException('NOT_FOUND', 'gone'))),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    const outage = new Error('database down');
    await expect(permanentOnDomainError(() => Promise.reject(outage))).rejects.toBe(outage);
    await expect(permanentOnDomainError(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
