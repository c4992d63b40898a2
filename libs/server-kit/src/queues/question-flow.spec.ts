import { JOBS, QUEUES, isBullMqSafeJobId } from '@council/contracts';
import {
  PROVIDER_BACKOFF_TYPE,
  PROVIDER_JOB_ATTEMPTS,
  PROVIDER_RETRY_AFTER_CAP_MS,
  providerBackoffDelay,
  providerBackoffStrategy,
} from './job-options';
import { buildQuestionFlow, buildQuestionJobs } from './question-flow';

const members = [
  { order: 1, agentId: 20, modelId: 21, roleId: 5, provider: 'anthropic' as const },
  { order: 0, agentId: 10, modelId: 11, roleId: null, provider: 'openai' as const },
  { order: 2, agentId: 30, modelId: 31, roleId: null, provider: 'xai' as const },
];

describe('buildQuestionFlow', () => {
  it('makes consensus-finalise the parent of one member-answer per member, on its provider queue', () => {
    const flow = buildQuestionFlow({ id: 7, userId: 3, showDebate: false, showReasoning: true }, members);
    expect(flow).toMatchObject({
      name: JOBS.consensusFinalise,
      queueName: QUEUES.consensus,
      data: { questionId: 7, userId: 3, showDebate: false, leaderOrder: null, step: 'answers', round: 0 },
      opts: { jobId: '7:finalise:0' },
    });
    expect(flow.children?.map((child) => [child.queueName, child.opts?.jobId])).toEqual([
      ['provider-openai', '7:0:0'],
      ['provider-anthropic', '7:1:0'],
      ['provider-xai', '7:2:0'],
    ]);
    const second = flow.children?.[1];
    expect(second).toMatchObject({
      name: JOBS.memberAnswer,
      data: { questionId: 7, memberOrder: 1, round: 0, agentId: 20, modelId: 21, roleId: 5, userId: 3 },
      opts: {
        attempts: PROVIDER_JOB_ATTEMPTS,
        backoff: { type: PROVIDER_BACKOFF_TYPE },
        ignoreDependencyOnFailure: true,
      },
    });
    for (const child of flow.children ?? []) expect(isBullMqSafeJobId(child.opts?.jobId ?? '')).toBe(true);
  });

  it('names the debate leader (default: the first member) only with debate on', () => {
    const debate = { id: 7, userId: 3, showDebate: true, showReasoning: false };
    expect(buildQuestionFlow(debate, members).data).toMatchObject({ leaderOrder: 0 });
    expect(buildQuestionFlow(debate, members, { leaderOrder: 2 }).data).toMatchObject({ leaderOrder: 2 });
  });

  it('refuses a question without members', () => {
    expect(() =>
      buildQuestionFlow({ id: 7, userId: 3, showDebate: false, showReasoning: false }, []),
    ).toThrow(RangeError);
  });
});

describe('buildQuestionJobs', () => {
  it('queues a question without a debate as its first answers alone, each ending the question', () => {
    const jobs = buildQuestionJobs({ id: 7, userId: 3, showDebate: false, showReasoning: true }, members);
    expect(jobs.map((job) => [job.queueName, job.name, job.opts?.jobId, job.children])).toEqual([
      ['provider-openai', JOBS.memberAnswer, '7:0:0', undefined],
      ['provider-anthropic', JOBS.memberAnswer, '7:1:0', undefined],
      ['provider-xai', JOBS.memberAnswer, '7:2:0', undefined],
    ]);
    for (const job of jobs) expect(job.data).toMatchObject({ questionId: 7, userId: 3, endsQuestion: true });
  });

  it('queues a debate as one flow whose children leave the end to the parent', () => {
    const jobs = buildQuestionJobs({ id: 7, userId: 3, showDebate: true, showReasoning: false }, members);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ name: JOBS.consensusFinalise, queueName: QUEUES.consensus });
    for (const child of jobs[0].children ?? []) expect(child.data).not.toHaveProperty('endsQuestion');
  });

  it('refuses a question without members', () => {
    expect(() =>
      buildQuestionJobs({ id: 7, userId: 3, showDebate: false, showReasoning: false }, []),
    ).toThrow(RangeError);
  });
});

describe('provider backoff', () => {
  const noJitter = () => 0.5;

  it('doubles from the base delay', () => {
    expect([1, 2, 3].map((attempt) => providerBackoffDelay(attempt, 1000, null, noJitter))).toEqual([
      1000, 2000, 4000,
    ]);
  });

  it('honours a longer Retry-After, up to the cap', () => {
    const hinted = Object.assign(new Error('429'), { retryAfterMs: 5000 });
    expect(providerBackoffDelay(1, 1000, hinted, noJitter)).toBe(5000);
    const huge = Object.assign(new Error('429'), { retryAfterMs: 10 * 60_000 });
    expect(providerBackoffDelay(1, 1000, huge, noJitter)).toBe(PROVIDER_RETRY_AFTER_CAP_MS);
  });

  it('only answers for its own backoff type', () => {
    expect(providerBackoffStrategy(1, 'something-else')).toBe(-1);
    expect(providerBackoffStrategy(1, PROVIDER_BACKOFF_TYPE)).toBeGreaterThan(0);
  });
});
