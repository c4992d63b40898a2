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
 * reacts to the abort. One timer per wait, cleared as soon as the item arrives.
 */
export async function* withIdleTimeout<T>(
  source: AsyncIterable<T>,
  options: IdleTimeoutOptions,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let limit = options.firstItemMs ?? options.idleMs;
  let finished = false;
  try {
    for (;;) {
      const next = iterator.next();
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new StreamStalledError(limit)), limit);
      });
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
        clearTimeout(timer);
      }
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
      limit = options.idleMs;
    }
  } finally {
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
