import { CONSENSUS_PROVIDER, JOBS } from '@council/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { parseProviderJob } from './provider-job.target';

const DATA = {
  questionId: 7,
  memberOrder: 1,
  round: 0,
  agentId: 2,
  modelId: 3,
  roleId: null,
  provider: 'anthropic',
  userId: 5,
  showReasoning: false,
};

function jobOf(name: string, data: object, parentKey?: string): Job {
  return { name, data, parentKey } as unknown as Job;
}

describe('parseProviderJob', () => {
  it('reads a first answer as its member’s row, outside a flow when it has no parent', async () => {
    await expect(parseProviderJob(jobOf(JOBS.memberAnswer, DATA))).resolves.toEqual({
      name: JOBS.memberAnswer,
      data: DATA,
      consensus: false,
      provider: 'anthropic',
      memberOrder: 1,
      round: 0,
      settledAtEnd: false,
    });
  });

  it('leaves a member that ends its question to the release, but not an answer given again', async () => {
    const ends = await parseProviderJob(jobOf(JOBS.memberAnswer, { ...DATA, endsQuestion: true }));
    expect(ends.settledAtEnd).toBe(true);
    const again = await parseProviderJob(
      jobOf(JOBS.memberAnswer, { ...DATA, endsQuestion: true, answerAgain: true }),
    );
    expect(again.settledAtEnd).toBe(false);
  });

  it('reads the synthesis as the consensus row of round 0, in its flow', async () => {
    const target = await parseProviderJob(jobOf(JOBS.synthesis, { ...DATA, round: 2 }, 'bull:consensus:9'));
    expect(target).toMatchObject({
      consensus: true,
      provider: CONSENSUS_PROVIDER,
      memberOrder: null,
      round: 0,
      settledAtEnd: true,
    });
  });

  it('refuses, unrecoverably, another job name, a bad payload and a round that does not fit', async () => {
    await expect(parseProviderJob(jobOf('usage-settle', DATA))).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(parseProviderJob(jobOf(JOBS.memberAnswer, { ...DATA, userId: 0 }))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    await expect(parseProviderJob(jobOf(JOBS.memberAnswer, { ...DATA, round: 1 }))).rejects.toThrow(
      'A first answer has round 0',
    );
    await expect(parseProviderJob(jobOf(JOBS.debateRevision, DATA))).rejects.toThrow(
      'A revision has round ≥ 1',
    );
  });
});
