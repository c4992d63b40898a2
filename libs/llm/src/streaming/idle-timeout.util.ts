import { StreamStalledError } from '../errors/llm.errors';
import { type LlmDelta, type LlmProvider, type LlmRequest } from '../llm.types';

export interface IdleTimeoutOptions {
  /** Longest silence between two items, in ms. */
  idleMs: number;
  /** Longest wait for the first item (time to first token); defaults to idleMs. */
  firstItemMs?: number;
  /** Aborted with the StreamStalledError when the stream stalls, so the request behind it stops. */
  controller?: AbortController;
}

/**
 * Yields the source's items; when none arrives for `idleMs` (or `firstItemMs` before the first),
 * aborts `controller` with a StreamStalledError and throws that error, whether or not the source
 * reacts to the abort. The time the consumer spends between items does not count.
 *
 * One timer per stream, re-armed (refresh) per item rather than created and cleared: a worker
 * streaming hundreds of answers handles thousands of items a second.
 */
export async function* withIdleTimeout<T>(
  source: AsyncIterable<T>,
  options: IdleTimeoutOptions,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let finished = false;
  let waiting = false;
  let rejectStalled: (error: StreamStalledError) => void = () => undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    rejectStalled = reject;
  });
  stalled.catch(() => undefined); // observed only through the race below
  const arm = (limit: number) =>
    setTimeout(() => {
      // A timer that fires while the consumer holds an item is ignored (and re-armed on the next wait).
      if (waiting) rejectStalled(new StreamStalledError(limit));
    }, limit);
  let timer = arm(options.firstItemMs ?? options.idleMs);
  let first = true;
  try {
    for (;;) {
      const next = iterator.next();
      timer.refresh();
      waiting = true;
      let result: IteratorResult<T>;
      try {
        result = await Promise.race([next, stalled]);
      } catch (error) {
        if (error instanceof StreamStalledError) {
          // The pending next() settles later (or never); keep its rejection from going unhandled.
          next.catch(() => undefined);
          options.controller?.abort(error);
          finished = true;
          void Promise.resolve(iterator.return?.()).catch(() => undefined);
        } else {
          finished = true;
        }
        throw error;
      } finally {
        waiting = false;
      }
      if (result.done) {
        finished = true;
        return;
      }
      if (first && options.firstItemMs !== undefined && options.firstItemMs !== options.idleMs) {
        clearTimeout(timer);
        timer = arm(options.idleMs);
      }
      first = false;
      yield result.value;
    }
  } finally {
    clearTimeout(timer);
    // The consumer stopped early (break / return / throw): close the source too.
    if (!finished) await iterator.return?.();
  }
}

export interface StreamWithTimeoutOptions {
  idleMs: number;
  firstDeltaMs?: number;
}

/**
 * provider.stream with an idle timeout: aborts the request and throws StreamStalledError when the
 * provider goes quiet. `signal` still cancels it (throwing its reason). The link to `signal` is
 * removed when the stream ends, so a long-lived signal (a worker's shutdown) collects no listeners.
 */
export async function* streamWithIdleTimeout(
  provider: LlmProvider,
  request: LlmRequest,
  signal: AbortSignal,
  options: StreamWithTimeoutOptions,
): AsyncGenerator<LlmDelta> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  try {
    yield* withIdleTimeout(provider.stream(request, controller.signal), {
      idleMs: options.idleMs,
      firstItemMs: options.firstDeltaMs,
      controller,
    });
  } finally {
    signal.removeEventListener('abort', forward);
  }
}
