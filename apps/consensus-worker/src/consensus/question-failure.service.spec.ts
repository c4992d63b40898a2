import { questionFailJobId } from '@council/contracts';
import { QUESTION_FAIL_ATTEMPTS, questionFailJobOptions } from './consensus-queues';
import { type ConsensusRepository } from './consensus.repository';
import { QuestionFailure } from './question-failure.service';

/** A question's status as the repository would keep it, and the calls made. */
function harness(status: string) {
  const calls: string[] = [];
  const repository = {
    markFailed: (_questionId: number, alsoFailed: boolean) => {
      const allowed = alsoFailed ? ['pending', 'running', 'failed'] : ['pending', 'running'];
      if (!allowed.includes(status)) return Promise.resolve(false);
      status = 'failed';
      calls.push('markFailed');
      return Promise.resolve(true);
    },
    closeOpenResponses: () => {
      calls.push('closeOpenResponses');
      return Promise.resolve();
    },
  } as unknown as ConsensusRepository;
  let releaseFailures = 0;
  const failure = new QuestionFailure({
    repository,
    queues: {
      release: () => {
        if (releaseFailures > 0) {
          releaseFailures -= 1;
          return Promise.reject(new Error('Redis blip'));
        }
        calls.push('release');
        return Promise.resolve();
      },
    },
    stream: {
      append: (_questionId, entries) => {
        calls.push(...entries.map((entry) => entry.type));
        return Promise.resolve([]);
      },
    },
  });
  return { failure, calls, failReleaseOnce: () => (releaseFailures = 1) };
}

const data = { questionId: 7, userId: 3 };

describe('QuestionFailure', () => {
  it('fails a running question: members closed, release, then the final entry', async () => {
    const { failure, calls } = harness('running');
    await expect(failure.fail(data, false)).resolves.toBe(true);
    expect(calls).toEqual(['markFailed', 'closeOpenResponses', 'release', 'question:failed']);
  });

  it('leaves a completed, cancelled or already failed question alone on a first attempt', async () => {
    for (const status of ['completed', 'cancelled', 'failed']) {
      const { failure, calls } = harness(status);
      await expect(failure.fail(data, false)).resolves.toBe(false);
      expect(calls).toEqual([]);
    }
  });

  it('carries a retry through when its earlier attempt failed the question and then stopped', async () => {
    const { failure, calls, failReleaseOnce } = harness('running');
    failReleaseOnce();
    await expect(failure.fail(data, false)).rejects.toThrow('Redis blip');
    await expect(failure.fail(data, true)).resolves.toBe(true);
    expect(calls.filter((call) => call === 'release')).toHaveLength(1);
    expect(calls.at(-1)).toBe('question:failed');
  });

  it('never fails a completed question, even on a retry', async () => {
    const { failure, calls } = harness('completed');
    await expect(failure.fail(data, true)).resolves.toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('questionFailJobOptions', () => {
  it('retries with exponential backoff under one job id per question', () => {
    expect(questionFailJobOptions(7)).toMatchObject({
      jobId: questionFailJobId(7),
      attempts: QUESTION_FAIL_ATTEMPTS,
      backoff: { type: 'exponential' },
    });
    expect(QUESTION_FAIL_ATTEMPTS).toBeGreaterThan(3);
  });
});
