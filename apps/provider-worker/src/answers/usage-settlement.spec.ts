import { CONSENSUS_PROVIDER, JOBS, usageJobId } from '@council/contracts';
import { USAGE_JOB_OPTIONS } from '@council/server-kit';
import { type Queue } from 'bullmq';
import { type ProviderJobTarget } from './provider-job.types';
import { UsageSettlement, usageSettlePayload } from './usage-settlement';

const TARGET: ProviderJobTarget = {
  name: JOBS.synthesis,
  data: {
    questionId: 7,
    memberOrder: 1,
    round: 2,
    agentId: 2,
    modelId: 3,
    roleId: null,
    provider: 'openai',
    userId: 5,
    showReasoning: false,
  },
  consensus: true,
  provider: CONSENSUS_PROVIDER,
  memberOrder: null,
  round: 0,
  settledAtEnd: false,
};
const USAGE = { promptTokens: 10, completionTokens: 20, totalTokens: 30 };

describe('usage settlement', () => {
  it('describes the answer’s row and usage', () => {
    expect(usageSettlePayload(TARGET, 4, USAGE)).toEqual({
      kind: 'response',
      questionId: 7,
      userId: 5,
      responseId: 4,
      memberOrder: null,
      round: 0,
      provider: CONSENSUS_PROVIDER,
      ...USAGE,
    });
  });

  it('settles an answer given again under a job id and key that name its own row', async () => {
    const again: ProviderJobTarget = {
      ...TARGET,
      name: JOBS.memberAnswer,
      data: { ...TARGET.data, round: 0, endsQuestion: true, answerAgain: true },
      consensus: false,
      provider: 'openai',
      memberOrder: 1,
    };
    const payload = usageSettlePayload(again, 977, USAGE);
    expect(payload).toMatchObject({ kind: 'response', responseId: 977, memberOrder: 1, answerAgain: true });
    expect(usageJobId(payload)).toBe('7:1-again-977:0');
    expect(usageSettlePayload({ ...again, data: TARGET.data }, 977, USAGE)).not.toHaveProperty('answerAgain');
  });

  it('enqueues a lone completed answer under its own job id, and leaves one in a flow to the parent', async () => {
    const add = jest.fn().mockResolvedValue(undefined);
    const settlement = new UsageSettlement({ add, name: 'usage' } as unknown as Queue);
    await settlement.settleCompleted({ ...TARGET, settledAtEnd: true }, 4, USAGE);
    expect(add).not.toHaveBeenCalled();

    await settlement.settleCompleted(TARGET, 4, USAGE);
    const payload = usageSettlePayload(TARGET, 4, USAGE);
    expect(add).toHaveBeenCalledWith(JOBS.usageSettle, payload, {
      ...USAGE_JOB_OPTIONS,
      jobId: usageJobId(payload),
    });
  });
});
