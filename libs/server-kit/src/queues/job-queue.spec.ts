import { JOBS, QUEUES, type UsageSettleJobData } from '@council/contracts';
import { type Queue } from 'bullmq';
import { JobQueue, flowJob } from './job-queue';

const release: UsageSettleJobData = {
  kind: 'release',
  questionId: 7,
  userId: 3,
  responseId: null,
  memberOrder: null,
  round: 0,
  provider: null,
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
};

function fakeQueue(name: string): { queue: Queue; add: jest.Mock } {
  const add = jest.fn(() => Promise.resolve({ id: 'x' }));
  return { queue: { name, add } as unknown as Queue, add };
}

describe('JobQueue', () => {
  it('adds a job its queue carries, with its payload and options', async () => {
    const { queue, add } = fakeQueue(QUEUES.usage);
    await new JobQueue(QUEUES.usage, queue).add(JOBS.usageSettle, release, { jobId: '7:release:0' });
    expect(add).toHaveBeenCalledWith(JOBS.usageSettle, release, { jobId: '7:release:0' });
  });

  it('refuses a BullMQ queue of another name', () => {
    expect(() => new JobQueue(QUEUES.usage, fakeQueue(QUEUES.retention).queue)).toThrow(RangeError);
  });

  it('does not compile a job the queue does not carry, or another job’s payload', () => {
    const usage = new JobQueue(QUEUES.usage, fakeQueue(QUEUES.usage).queue);
    const typeOnly = (): void => {
      // @ts-expect-error the usage queue carries no retention sweep
      void usage.add(JOBS.retentionSweep, { retentionDays: 30 });
      // @ts-expect-error a usage settlement needs its whole payload
      void usage.add(JOBS.usageSettle, { questionId: 7 });
      // @ts-expect-error the consensus queue carries no member answers
      flowJob(QUEUES.consensus, JOBS.memberAnswer, release, {});
    };
    expect(typeOnly).toBeInstanceOf(Function);
  });
});
