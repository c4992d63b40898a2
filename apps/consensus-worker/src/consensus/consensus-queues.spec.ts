import { type BillingReleaseReply, JOBS, QUEUES, usageJobId } from '@council/contracts';
import { type RpcAnswer } from '@council/server-kit';
import { type Job, type Queue } from 'bullmq';
import { ConsensusQueues } from './consensus-queues';

const QUESTION = 42;
const USER = 7;

type ReleaseCall = () => Promise<RpcAnswer<BillingReleaseReply>>;

/** ConsensusQueues over a usage queue that records what is added, with the given release call. */
function harness(releaseCall?: ReleaseCall) {
  const added: Array<{ name: string; data: unknown; jobId: string | undefined }> = [];
  const waited: string[] = [];
  const calls: Array<{ userId: number; questionId: number }> = [];
  const usageQueue = {
    name: QUEUES.usage,
    add: (name: string, data: unknown, opts?: { jobId?: string }) => {
      added.push({ name, data, jobId: opts?.jobId });
      return Promise.resolve({ id: opts?.jobId } as Job);
    },
  } as unknown as Queue;
  const queues = new ConsensusQueues({
    usageQueue,
    providerQueue: () => {
      throw new Error('no provider queue in this test');
    },
    waitForUsage: (job) => {
      waited.push(String(job.id));
      return Promise.resolve();
    },
    ...(releaseCall
      ? {
          releaseCall: (request) => {
            calls.push(request);
            return releaseCall();
          },
        }
      : {}),
  });
  return { queues, added, waited, calls };
}

const RELEASE_JOB_ID = usageJobId({ kind: 'release', questionId: QUESTION, memberOrder: null, round: 0 });
const confirmed: RpcAnswer<BillingReleaseReply> = {
  ok: true,
  reply: { questionId: QUESTION, released: 1200, tokensLeft: 8800, duplicate: false },
};

describe('ConsensusQueues.release', () => {
  it('asks billing directly and queues nothing when billing confirms', async () => {
    const { queues, added, waited, calls } = harness(() => Promise.resolve(confirmed));
    await queues.release(QUESTION, USER);
    expect(calls).toEqual([{ userId: USER, questionId: QUESTION }]);
    expect(added).toEqual([]);
    expect(waited).toEqual([]);
  });

  it.each([
    ['billing answers 503', () => Promise.resolve({ ok: false, status: 503, body: {} } as const)],
    ['billing refuses (404)', () => Promise.resolve({ ok: false, status: 404, body: {} } as const)],
    ['the call fails (refused, timed out)', () => Promise.reject(new Error('connect ECONNREFUSED'))],
  ] as const)('queues the release job and waits for it when %s', async (_case, answer) => {
    const { queues, added, waited, calls } = harness(answer as ReleaseCall);
    await queues.release(QUESTION, USER);
    expect(calls).toHaveLength(1);
    expect(added).toEqual([
      {
        name: JOBS.usageSettle,
        data: expect.objectContaining({ kind: 'release', questionId: QUESTION, userId: USER }) as unknown,
        jobId: RELEASE_JOB_ID,
      },
    ]);
    expect(waited).toEqual([RELEASE_JOB_ID]);
  });

  it('queues the release job when there is no release call', async () => {
    const { queues, added } = harness();
    await queues.release(QUESTION, USER);
    expect(added.map((job) => job.jobId)).toEqual([RELEASE_JOB_ID]);
  });
});
