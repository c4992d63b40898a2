import { JOBS } from '@council/contracts';
import { type StartedJob, queueWaitSeconds } from './job-wait';

const started = (overrides: Partial<StartedJob> = {}): StartedJob => ({
  name: JOBS.memberAnswer,
  timestamp: 10_000,
  processedOn: 12_500,
  attemptsStarted: 1,
  repeatJobKey: undefined,
  opts: {},
  ...overrides,
});

describe('queueWaitSeconds', () => {
  it('is the time from the add to the first start', () => {
    expect(queueWaitSeconds(started())).toBe(2.5);
  });

  it('never goes below zero when the clocks disagree', () => {
    expect(queueWaitSeconds(started({ processedOn: 9_000 }))).toBe(0);
  });

  it('leaves out starts that do not measure a wait in the queue', () => {
    expect(queueWaitSeconds(started({ attemptsStarted: 2 }))).toBeNull();
    expect(queueWaitSeconds(started({ opts: { delay: 1000 } }))).toBeNull();
    expect(queueWaitSeconds(started({ repeatJobKey: 'webhook-redrive' }))).toBeNull();
    expect(queueWaitSeconds(started({ name: JOBS.consensusFinalise }))).toBeNull();
    expect(queueWaitSeconds(started({ processedOn: undefined }))).toBeNull();
  });
});
