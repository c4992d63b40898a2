import { UnrecoverableError, WaitingChildrenError } from 'bullmq';
import { failsForGood, withFinalFailure } from './job-failure';

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

describe('withFinalFailure', () => {
  const attempt = (attemptsMade: number) => ({ attemptsMade, opts: { attempts: 2 } });

  it('runs the final-failure step before rethrowing, on the last attempt only', async () => {
    const onFinal = jest.fn(() => Promise.resolve());
    const boom = new Error('boom');
    await expect(withFinalFailure(attempt(0), () => Promise.reject(boom), onFinal)).rejects.toBe(boom);
    expect(onFinal).not.toHaveBeenCalled();
    await expect(withFinalFailure(attempt(1), () => Promise.reject(boom), onFinal)).rejects.toBe(boom);
    expect(onFinal).toHaveBeenCalledWith(boom);
  });

  it('fails the attempt with the final-failure step’s own error, and passes results through', async () => {
    const lost = new Error('redis down');
    await expect(
      withFinalFailure(
        attempt(1),
        () => Promise.reject(new Error('boom')),
        () => Promise.reject(lost),
      ),
    ).rejects.toBe(lost);
    await expect(
      withFinalFailure(
        attempt(1),
        () => Promise.resolve(7),
        () => Promise.reject(lost),
      ),
    ).resolves.toBe(7);
  });
});
