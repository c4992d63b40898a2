import { type RetryAfterHint } from '@council/server-kit';

/** The abort reason when the gateway cancels the question mid-answer. */
export class QuestionCancelledError extends Error {
  override readonly name = 'QuestionCancelledError';

  constructor() {
    super('The question was cancelled');
  }
}

/** A retryable provider failure; BullMQ's provider backoff reads `retryAfterMs`. */
export class RetryableProviderError extends Error implements RetryAfterHint {
  override readonly name = 'RetryableProviderError';

  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The abort reason when a capped question's budget runs out mid-answer (TOKEN_CAP). */
export class TokenCapReachedError extends Error {
  override readonly name = 'TokenCapReachedError';

  constructor() {
    super("The question reached its asker's token limit");
  }
}
