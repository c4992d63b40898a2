/** No delta arrived for `idleMs`: the request was aborted. Retryable. */
export class StreamStalledError extends Error {
  override readonly name = 'StreamStalledError';

  constructor(readonly idleMs: number) {
    super(`The provider sent nothing for ${idleMs} ms; the stream was aborted`);
  }
}

/** The response ended (without an error) before the provider said the answer was complete. Retryable. */
export class IncompleteStreamError extends Error {
  override readonly name = 'IncompleteStreamError';

  constructor(detail = 'The provider closed the stream before the answer was complete') {
    super(detail);
  }
}

/** The caller aborted the stream (a cancelled question, a shutting-down worker). Not retried. */
export class LlmAbortedError extends Error {
  override readonly name = 'AbortError';

  constructor(message = 'The request was aborted') {
    super(message);
  }
}

/** What a stream throws once `signal` has aborted: its reason when that is an Error. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new LlmAbortedError(typeof reason === 'string' && reason ? reason : undefined);
}
