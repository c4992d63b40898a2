import { JOBS } from '@council/contracts';
import { type QuestionEndRepository, type QuestionEndState } from './data/question-end.repository';
import { type ProviderJobTarget } from './provider-job.types';
import { QuestionEnd, UNFINISHED_ERROR } from './question-end';

const TARGET: ProviderJobTarget = {
  name: JOBS.memberAnswer,
  data: {
    questionId: 7,
    memberOrder: 2,
    round: 0,
    agentId: 2,
    modelId: 3,
    roleId: null,
    provider: 'xai',
    userId: 5,
    showReasoning: false,
    endsQuestion: true,
  },
  consensus: false,
  provider: 'xai',
  memberOrder: 2,
  round: 0,
  settledAtEnd: true,
};

function setup(state: QuestionEndState | null, closed: { id: number; error: string } | null = null) {
  const repository = {
    end: jest.fn().mockResolvedValue(state),
    closeMember: jest.fn().mockResolvedValue(closed),
    closeOpenMember: jest.fn().mockResolvedValue(undefined),
  };
  const release = { release: jest.fn().mockResolvedValue(undefined) };
  const stream = {
    append: jest.fn().mockResolvedValue([]),
    appendFinalIfMissing: jest.fn().mockResolvedValue(true),
  };
  const end = new QuestionEnd({
    repository: repository as unknown as QuestionEndRepository,
    release,
    stream,
  });
  return { end, repository, release, stream };
}

const RUNNING: QuestionEndState = { status: 'running', total: 0, completedNow: false, open: false };

describe('QuestionEnd', () => {
  it('the member that completed the question releases it, then writes question:completed', async () => {
    const { end, release, stream } = setup({ ...RUNNING, completedNow: true, total: 120 });
    await end.afterMember(TARGET, false);
    expect(release.release).toHaveBeenCalledWith(7, 5);
    expect(stream.appendFinalIfMissing).toHaveBeenCalledWith(7, {
      type: 'question:completed',
      totalTokensUsed: 120,
    });
    expect(release.release.mock.invocationCallOrder[0]).toBeLessThan(
      stream.appendFinalIfMissing.mock.invocationCallOrder[0],
    );
  });

  it('does nothing while members are still open or the question still runs', async () => {
    for (const state of [{ ...RUNNING, open: true }, RUNNING, { ...RUNNING, status: 'failed' as const }]) {
      const { end, release, stream } = setup(state);
      await end.afterMember(TARGET, false);
      expect(release.release).not.toHaveBeenCalled();
      expect(stream.append).not.toHaveBeenCalled();
      expect(stream.appendFinalIfMissing).not.toHaveBeenCalled();
    }
  });

  it('releases a cancelled question once nothing is open, without a final entry of its own', async () => {
    const { end, release, stream } = setup({ ...RUNNING, status: 'cancelled' });
    await end.afterMember(TARGET, false);
    expect(release.release).toHaveBeenCalledWith(7, 5);
    expect(stream.append).not.toHaveBeenCalled();
    expect(stream.appendFinalIfMissing).not.toHaveBeenCalled();
  });

  it('a first run beaten to the end by another member leaves the question alone', async () => {
    const { end, release, stream } = setup({ ...RUNNING, status: 'completed', total: 90 });
    await end.afterMember(TARGET, false);
    expect(release.release).not.toHaveBeenCalled();
    expect(stream.appendFinalIfMissing).not.toHaveBeenCalled();
  });

  it('a re-run after the end releases again and writes the final entry only if it is missing', async () => {
    const { end, release, stream } = setup({ ...RUNNING, status: 'completed', total: 90 });
    await end.afterMember(TARGET, true);
    expect(release.release).toHaveBeenCalledWith(7, 5);
    expect(stream.appendFinalIfMissing).toHaveBeenCalledWith(7, {
      type: 'question:completed',
      totalTokensUsed: 90,
    });
    expect(stream.append).not.toHaveBeenCalled();
  });

  it('leaves flow children and lone retries alone', async () => {
    const { end, repository } = setup({ ...RUNNING, completedNow: true });
    const child = { ...TARGET, data: { ...TARGET.data, endsQuestion: undefined } };
    await end.afterMember(child, true);
    await end.memberFailed(child);
    expect(repository.end).not.toHaveBeenCalled();
    expect(repository.closeMember).not.toHaveBeenCalled();
  });

  it('a member that failed for good is closed and streamed before the end check', async () => {
    const { end, repository, stream } = setup(
      { ...RUNNING, completedNow: true, total: 10 },
      {
        id: 44,
        error: UNFINISHED_ERROR,
      },
    );
    await end.memberFailed(TARGET);
    expect(repository.closeMember).toHaveBeenCalledWith(7, 'xai', 2, UNFINISHED_ERROR);
    expect(stream.append.mock.calls).toEqual([
      [7, [{ type: 'answer:failed', memberOrder: 2, round: 0, responseId: 44, error: UNFINISHED_ERROR }]],
    ]);
    expect(stream.appendFinalIfMissing).toHaveBeenCalledWith(7, {
      type: 'question:completed',
      totalTokensUsed: 10,
    });
  });
});
