import { type Redis } from 'ioredis';
import { CancelWatch } from './cancel-watch';

/** Just enough of ioredis: EXISTS over one or many keys. */
function fakeRedis(signals: Set<string>) {
  const calls = { exists: 0 };
  const redis = {
    exists: async (...keys: string[]) => {
      calls.exists += 1;
      return keys.filter((key) => signals.has(key)).length;
    },
  };
  return { redis: redis as unknown as Redis, calls };
}

describe('CancelWatch', () => {
  it('checks every watched question with one EXISTS while none is cancelled', async () => {
    const { redis, calls } = fakeRedis(new Set());
    const watch = new CancelWatch(redis, 'p', 60_000);
    const cancelled = jest.fn();
    const unwatch = [1, 2, 3].map((id) => watch.watch(id, cancelled));
    await watch.check();
    expect(calls).toEqual({ exists: 1 });
    expect(cancelled).not.toHaveBeenCalled();
    unwatch.forEach((stop) => stop());
  });

  it('finds which question was cancelled and calls its watchers once', async () => {
    const signals = new Set<string>();
    const { redis } = fakeRedis(signals);
    const watch = new CancelWatch(redis, 'p', 60_000);
    const first = jest.fn();
    const second = jest.fn();
    const other = jest.fn();
    const stops = [watch.watch(7, first), watch.watch(7, second), watch.watch(8, other)];
    signals.add('p:cancel:{7}');
    await watch.check();
    await watch.check();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    stops.forEach((stop) => stop());
  });

  it('stops polling when nothing is watched', async () => {
    const { redis, calls } = fakeRedis(new Set());
    const watch = new CancelWatch(redis, 'p', 60_000);
    watch.watch(1, jest.fn())();
    await watch.check();
    expect(calls.exists).toBe(0);
  });
});
