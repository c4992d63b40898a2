import { FlushClock, type Flushable } from './flush-clock';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds (timers run late on a loaded machine; assertions must not race them). */
async function waitUntil(done: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done() && performance.now() < deadline) await sleep(5);
}

describe('FlushClock', () => {
  it('flushes items due in the same tick in one pass (their writes leave together)', async () => {
    const clock = new FlushClock(20);
    const flushed: string[] = [];
    let seenAfterFirst = -1;
    const item = (name: string): Flushable => ({
      flush: () => {
        flushed.push(name);
        // Microtasks run only after the whole tick: every item of the pass is in by then.
        if (flushed.length === 1) queueMicrotask(() => (seenAfterFirst = flushed.length));
      },
    });
    const now = performance.now();
    clock.flushAt(item('a'), now + 1);
    clock.flushAt(item('b'), now + 5);
    clock.flushAt(item('c'), now + 9);
    await waitUntil(() => flushed.length === 3);
    expect(flushed).toEqual(['a', 'b', 'c']);
    expect(seenAfterFirst).toBe(3);
  });

  it('keeps an item that is not due yet for a later tick', async () => {
    const clock = new FlushClock(5);
    const flushed: number[] = [];
    const started = performance.now();
    clock.flushAt({ flush: () => flushed.push(performance.now() - started) }, started + 40);
    await waitUntil(() => flushed.length > 0);
    expect(flushed).toHaveLength(1);
    // Never before it is due, however the ticks fall.
    expect(flushed[0]).toBeGreaterThanOrEqual(40);
  });

  it('flushes soon at the end of the turn, once, and forgets cancelled items', async () => {
    const clock = new FlushClock(5);
    let soon = 0;
    let cancelled = 0;
    const a: Flushable = { flush: () => (soon += 1) };
    const b: Flushable = { flush: () => (cancelled += 1) };
    clock.flushSoon(a);
    clock.flushAt(a, performance.now()); // already scheduled sooner: ignored
    clock.flushAt(b, performance.now());
    clock.cancel(b);
    await sleep(20);
    expect(soon).toBe(1);
    expect(cancelled).toBe(0);
  });
});
