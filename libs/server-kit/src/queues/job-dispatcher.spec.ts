import { JOBS, QUEUES, type RetentionSweepJobData } from '@council/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { JobDispatcher, type JobHandlers } from './job-dispatcher';

function job(name: string, data: unknown): Job {
  return { name, data } as Job;
}

describe('JobDispatcher', () => {
  it('hands each job its checked payload, the job and the lock token', async () => {
    const seen: Array<[RetentionSweepJobData, string | undefined]> = [];
    const dispatcher = new JobDispatcher(QUEUES.retention, {
      [JOBS.retentionSweep]: async (data, _job, token) => {
        seen.push([data, token]);
        return 'swept';
      },
    });
    await expect(dispatcher.dispatch(job(JOBS.retentionSweep, { retentionDays: 30 }), 'lock')).resolves.toBe(
      'swept',
    );
    expect(seen).toEqual([[{ retentionDays: 30 }, 'lock']]);
    expect(dispatcher.jobNames).toEqual([JOBS.retentionSweep]);
  });

  it('routes by name between the jobs of one queue', async () => {
    const dispatcher = new JobDispatcher(QUEUES.consensus, {
      [JOBS.consensusFinalise]: () => Promise.resolve('finalise'),
      [JOBS.questionFail]: (data) => Promise.resolve(`fail ${data.questionId}`),
    });
    await expect(
      dispatcher.dispatch(job(JOBS.questionFail, { questionId: 7, userId: 3 }), undefined),
    ).resolves.toBe('fail 7');
  });

  it('ends a job of a name it has no handler for, or with a malformed payload, without retries', async () => {
    const handler = jest.fn(() => Promise.resolve());
    const dispatcher = new JobDispatcher(QUEUES.retention, { [JOBS.retentionSweep]: handler });
    await expect(dispatcher.dispatch(job('other', {}), undefined)).rejects.toThrow(
      new UnrecoverableError('Queue retention has no handler for job "other"'),
    );
    await expect(
      dispatcher.dispatch(job(JOBS.retentionSweep, { retentionDays: 0 }), undefined),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses to start without a handler for every job its queue carries', () => {
    const partial = {
      [JOBS.consensusFinalise]: () => Promise.resolve(),
    } as unknown as JobHandlers<typeof QUEUES.consensus>;
    expect(() => new JobDispatcher(QUEUES.consensus, partial)).toThrow(
      'Queue consensus carries job(s) without a handler: question-fail',
    );
  });

  it('refuses a handler for a job its queue does not carry', () => {
    const extra = {
      [JOBS.retentionSweep]: () => Promise.resolve(),
      [JOBS.usageSettle]: () => Promise.resolve(),
    } as unknown as JobHandlers<typeof QUEUES.retention>;
    expect(() => new JobDispatcher(QUEUES.retention, extra)).toThrow(
      'Queue retention does not carry job(s) it has handlers for: usage-settle',
    );
  });
});
