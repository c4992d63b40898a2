import { getEventListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { StreamStalledError } from '../errors/llm.errors';
import { type LlmDelta, type LlmProvider, type LlmRequest } from '../llm.types';
import { streamWithIdleTimeout, withIdleTimeout } from './idle-timeout.util';

/** Yields each value after its delay; `null` as a delay means "never". */
async function* timed<T>(steps: ReadonlyArray<[number | null, T]>, log: string[] = []): AsyncGenerator<T> {
  try {
    for (const [wait, value] of steps) {
      if (wait === null) await new Promise<never>(() => undefined);
      else await delay(wait);
      yield value;
    }
  } finally {
    log.push('source closed');
  }
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

describe('withIdleTimeout', () => {
  it('passes every item through while the source keeps talking', async () => {
    const source = timed([
      [10, 'a'],
      [10, 'b'],
      [10, 'c'],
    ]);
    await expect(collect(withIdleTimeout(source, { idleMs: 200 }))).resolves.toEqual(['a', 'b', 'c']);
  });

  it('aborts the controller and throws StreamStalledError when the source goes quiet', async () => {
    const controller = new AbortController();
    const received: string[] = [];
    const started = Date.now();
    const run = (async () => {
      for await (const item of withIdleTimeout(
        timed([
          [5, 'a'],
          [null, 'never'],
        ]),
        { idleMs: 60, controller },
      )) {
        received.push(item);
      }
    })();
    await expect(run).rejects.toBeInstanceOf(StreamStalledError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(received).toEqual(['a']);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBeInstanceOf(StreamStalledError);
    expect((controller.signal.reason as StreamStalledError).idleMs).toBe(60);
  });

  it('gives the first item its own, longer limit', async () => {
    const slowStart = timed([
      [120, 'first'],
      [10, 'second'],
    ]);
    await expect(collect(withIdleTimeout(slowStart, { idleMs: 50, firstItemMs: 400 }))).resolves.toEqual([
      'first',
      'second',
    ]);
    await expect(collect(withIdleTimeout(timed([[120, 'first']]), { idleMs: 50 }))).rejects.toThrow(
      StreamStalledError,
    );
  });

  it('does not count the time the consumer spends between items', async () => {
    const items: string[] = [];
    for await (const item of withIdleTimeout(
      timed([
        [5, 'a'],
        [5, 'b'],
      ]),
      { idleMs: 40 },
    )) {
      items.push(item);
      await delay(80);
    }
    expect(items).toEqual(['a', 'b']);
  });

  it('closes the source when the consumer stops early', async () => {
    const log: string[] = [];
    for await (const item of withIdleTimeout(
      timed(
        [
          [1, 'a'],
          [1, 'b'],
        ],
        log,
      ),
      { idleMs: 100 },
    )) {
      expect(item).toBe('a');
      break;
    }
    expect(log).toEqual(['source closed']);
  });

  it('holds on to none of the items it has passed on while the stream goes on', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const passed: Array<WeakRef<object>> = [];
    async function* items(): AsyncGenerator<object> {
      for (let index = 0; index < 300; index += 1) {
        const item = { index, text: 'x'.repeat(64) };
        passed.push(new WeakRef(item));
        yield item;
      }
      await new Promise<never>(() => undefined);
    }
    const stream = withIdleTimeout(items(), { idleMs: 60_000 });
    for (let index = 0; index < 300; index += 1) await stream.next();
    gc();
    await delay(0);
    gc();
    const kept = passed.filter((ref) => ref.deref() !== undefined).length;
    // Racing each item against one shared promise kept every one of them until the stream ended.
    expect(kept).toBeLessThan(10);
    await stream.return(undefined);
  });

  it('passes the source’s own error through', async () => {
    async function* failing(): AsyncGenerator<string> {
      yield 'a';
      throw new Error('provider said no');
    }
    await expect(collect(withIdleTimeout(failing(), { idleMs: 100 }))).rejects.toThrow('provider said no');
  });
});

describe('streamWithIdleTimeout', () => {
  const request: LlmRequest = {
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    maxTokens: 10,
    reasoning: false,
  };

  /** Sends one delta, then waits for the abort like an SDK stream does. */
  const hanging: LlmProvider = {
    name: 'demo',
    async *stream(_request: LlmRequest, signal: AbortSignal): AsyncGenerator<LlmDelta> {
      yield { type: 'text', text: 'a' };
      await new Promise<never>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    },
  };

  it('throws StreamStalledError when the provider goes quiet, and stops listening to the caller', async () => {
    const caller = new AbortController();
    const items: LlmDelta[] = [];
    await expect(
      (async () => {
        for await (const delta of streamWithIdleTimeout(hanging, request, caller.signal, { idleMs: 40 })) {
          items.push(delta);
        }
      })(),
    ).rejects.toBeInstanceOf(StreamStalledError);
    expect(items).toEqual([{ type: 'text', text: 'a' }]);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('passes the caller’s abort through to the provider', async () => {
    const caller = new AbortController();
    const reason = new Error('question cancelled');
    setTimeout(() => caller.abort(reason), 20);
    await expect(
      (async () => {
        for await (const _delta of streamWithIdleTimeout(hanging, request, caller.signal, {
          idleMs: 5_000,
        })) {
          // consume
        }
      })(),
    ).rejects.toBe(reason);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
