import { DeltaBatcher, type DeltaPart } from './delta-batcher';

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
});
