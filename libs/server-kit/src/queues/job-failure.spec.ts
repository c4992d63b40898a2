import { UnrecoverableError, WaitingChildrenError } from 'bullmq';
import { failsForGood } from './job-failure';

describe('failsForGood', () => {
  const attempt = (attemptsMade: number, attempts?: number) => ({ attemptsMade, opts: { attempts } });

  it('is true on the last attempt only', () => {
    expect(failsForGood(attempt(0, 3), new Error('x'))).toBe(false);
    expect(failsForGood(attempt(1, 3), new Error('x'))).toBe(false);
    expect(failsForGood(attempt(2, 3), new Error('x'))).toBe(true);
    expect(failsForGood(attempt(0), new Error('x'))).toBe(true);
  });

  it('is true at once for an unrecoverable error', () => {
    expect(failsForGood(attempt(0, 3), new UnrecoverableError('bad'))).toBe(true);
  });

  it('is false for the errors that park a job, even on the last attempt', () => {
    expect(failsForGood(attempt(2, 3), new WaitingChildrenError())).toBe(false);
  });
});
