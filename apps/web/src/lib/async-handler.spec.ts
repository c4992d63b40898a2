import { describe, expect, it, vi } from 'vitest';
import { asyncHandler } from './async-handler';

describe('asyncHandler', () => {
  it('passes the event on and returns nothing', () => {
    const handler = vi.fn(async (_event: string) => 'done');

    expect(asyncHandler(handler)('click')).toBeUndefined();
    expect(handler).toHaveBeenCalledWith('click');
  });

  it('logs a rejection instead of leaving it unhandled', async () => {
    const failure = new Error('boom');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    asyncHandler(async () => {
      throw failure;
    })();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(failure));
  });
});
