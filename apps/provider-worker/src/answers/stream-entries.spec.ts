import { CONSENSUS_PROVIDER, JOBS } from '@council/contracts';
import { type ProviderJobTarget } from './provider-job.types';
import { completedEntry, deltaEntry, failedEntry, resetEntry } from './stream-entries';

const DATA = {
  questionId: 7,
  memberOrder: 1,
  round: 2,
  agentId: 2,
  modelId: 3,
  roleId: null,
  provider: 'xai' as const,
  userId: 5,
  showReasoning: false,
};
const MEMBER: ProviderJobTarget = {
  name: JOBS.debateRevision,
  data: DATA,
  consensus: false,
  provider: 'xai',
  memberOrder: 1,
  round: 2,
  settledAtEnd: true,
};
const CONSENSUS: ProviderJobTarget = {
  ...MEMBER,
  name: JOBS.synthesis,
  consensus: true,
  provider: CONSENSUS_PROVIDER,
  memberOrder: null,
  round: 0,
};
const USAGE = { promptTokens: 10, completionTokens: 20, totalTokens: 30 };

describe('stream entries', () => {
  it('address a member’s answer by member and round', () => {
    expect(resetEntry(MEMBER, 2)).toEqual({ type: 'answer:reset', memberOrder: 1, round: 2, attempt: 2 });
    expect(deltaEntry(MEMBER, 'text', 'Hi')).toEqual({
      type: 'answer:delta',
      memberOrder: 1,
      round: 2,
      kind: 'text',
      text: 'Hi',
    });
    expect(completedEntry(MEMBER, 4, USAGE)).toEqual({
      type: 'answer:completed',
      memberOrder: 1,
      round: 2,
      responseId: 4,
      stoppedAtLimit: false,
      ...USAGE,
    });
    expect(completedEntry(MEMBER, 4, USAGE, true)).toMatchObject({ stoppedAtLimit: true });
    expect(failedEntry(MEMBER, 4, 'Down')).toEqual({
      type: 'answer:failed',
      memberOrder: 1,
      round: 2,
      responseId: 4,
      error: 'Down',
    });
  });

  it('address the consensus as such', () => {
    expect(resetEntry(CONSENSUS, 3)).toEqual({ type: 'consensus:reset', attempt: 3 });
    expect(deltaEntry(CONSENSUS, 'reasoning', 'Hm')).toEqual({
      type: 'consensus:delta',
      kind: 'reasoning',
      text: 'Hm',
    });
    expect(completedEntry(CONSENSUS, 9, USAGE)).toEqual({
      type: 'consensus:completed',
      responseId: 9,
      stoppedAtLimit: false,
      ...USAGE,
    });
    expect(failedEntry(CONSENSUS, 9, 'Down')).toEqual({
      type: 'consensus:failed',
      responseId: 9,
      error: 'Down',
    });
  });
});
