import { DeltaBatcher, type DeltaPart } from './delta-batcher';
import { FlushClock } from './flush-clock';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds (timers run late on a loaded machine; assertions must not race them). */
async function waitUntil(done: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done() && performance.now() < deadline) await sleep(5);
}

describe('DeltaBatcher', () => {
  it('merges deltas into one write per batch, in order, keeping kinds apart', async () => {
    const writes: DeltaPart[][] = [];
    const batcher = new DeltaBatcher(
      async (parts) => {
        writes.push([...parts]);
      },
      { intervalMs: 1000, maxChars: 1000 },
    );
    batcher.push('reasoning', 'Think ');
    batcher.push('reasoning', 'first. ');
    batcher.push('text', 'The ');
    batcher.push('text', 'answer.');
    await batcher.close();
    expect(writes).toEqual([
      [
        { kind: 'reasoning', text: 'Think first. ' },
        { kind: 'text', text: 'The answer.' },
      ],
    ]);
  });

  it('writes when enough characters wait, and after the interval', async () => {
    const writes: string[] = [];
    const batcher = new DeltaBatcher(
      async (parts) => {
        writes.push(parts.map((part) => part.text).join(''));
      },
      { intervalMs: 10, maxChars: 5 },
    );
    batcher.push('text', 'abcdef');
    batcher.push('text', 'g');
    await waitUntil(() => writes.length === 2);
    expect(writes).toEqual(['abcdef', 'g']);
    await batcher.close();
  });

  it('reports a failed write on close and writes nothing after it', async () => {
    let calls = 0;
    const batcher = new DeltaBatcher(
      async () => {
        calls += 1;
        throw new Error('Redis down');
      },
      { intervalMs: 1000, maxChars: 1 },
    );
    batcher.push('text', 'a');
    batcher.push('text', 'b');
    await expect(batcher.close()).rejects.toThrow('Redis down');
    expect(calls).toBe(1);
  });

  it('drops what waits on discard', async () => {
    const writes: string[] = [];
    const batcher = new DeltaBatcher(
      async (parts) => {
        writes.push(parts.map((part) => part.text).join(''));
      },
      { intervalMs: 1000, maxChars: 1000 },
    );
    batcher.push('text', 'partial');
    await batcher.discard();
    expect(writes).toEqual([]);
  });

  it('writes the first delta at once, then at most one batch per interval', async () => {
    const writes: Array<{ text: string; at: number }> = [];
    const started = performance.now();
    const batcher = new DeltaBatcher(
      async (parts) => {
        writes.push({ text: parts.map((part) => part.text).join(''), at: performance.now() - started });
      },
      { intervalMs: 200, maxChars: 1000 },
    );
    batcher.push('text', 'first ');
    batcher.push('text', 'read ');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.map((write) => write.text)).toEqual(['first read ']);
    expect(writes[0]?.at).toBeLessThan(200); // before an interval could have passed

    batcher.push('text', 'soon ');
    batcher.push('text', 'after');
    await sleep(20);
    expect(writes).toHaveLength(1);
    await waitUntil(() => writes.length === 2);
    expect(writes.map((write) => write.text)).toEqual(['first read ', 'soon after']);
    expect(writes[1]?.at).toBeGreaterThanOrEqual(190);
    await batcher.close();
  });

  describe('on a grid', () => {
    beforeEach(() => jest.useFakeTimers({ now: 0 }));
    afterEach(() => jest.useRealTimers());

    /** Two answers whose first deltas come 12 ms apart, then a delta each every 10 ms until 200 ms. */
    async function writeTimes(gridMs: number): Promise<Record<'a' | 'b', number[]>> {
      const clock = new FlushClock(5);
      const times: Record<'a' | 'b', number[]> = { a: [], b: [] };
      const batcher = (name: 'a' | 'b') =>
        new DeltaBatcher(
          async () => {
            times[name].push(performance.now());
          },
          { intervalMs: 30, maxChars: 1000, gridMs },
          clock,
        );
      const a = batcher('a');
      const b = batcher('b');
      await jest.advanceTimersByTimeAsync(7);
      a.push('text', 'a');
      await jest.advanceTimersByTimeAsync(12);
      b.push('text', 'b');
      for (let at = 20; at <= 200; at += 10) {
        await jest.advanceTimersByTimeAsync(at - performance.now());
        a.push('text', 'a');
        b.push('text', 'b');
      }
      const closing = Promise.all([a.close(), b.close()]);
      await jest.runAllTimersAsync();
      await closing;
      return times;
    }

    it('writes the answers streaming together in the same tick, an interval apart once on it', async () => {
      const { a, b } = await writeTimes(30);
      expect(a[0]).toBe(7); // each first delta leaves at once
      expect(b[0]).toBe(19);
      const onGrid = Math.max(a[1] ?? 0, b[1] ?? 0);
      const streaming = (times: number[]) => times.slice(0, -1).filter((at) => at >= onGrid); // not close()
      expect(streaming(a)).toEqual(streaming(b));
      expect(streaming(a)).toEqual([60, 90, 120, 150, 180]);
    });

    it('writes each answer on its own interval without one', async () => {
      const { a, b } = await writeTimes(0);
      const streaming = (times: number[]) => times.slice(1, -1);
      expect(streaming(a)).toEqual([40, 70, 100, 130, 160, 190]);
      expect(streaming(b)).toEqual([50, 80, 110, 140, 170, 200]);
    });
  });
});
