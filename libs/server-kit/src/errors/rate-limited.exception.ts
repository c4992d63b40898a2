import { DomainException } from './domain.exception';

/** 429 with a Retry-After header: the global filter reads `retryAfterSeconds`. */
export class RateLimitedException extends DomainException {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please wait a moment and try again.',
  ) {
    super('RATE_LIMITED', message);
    this.name = 'RateLimitedException';
  }
}
