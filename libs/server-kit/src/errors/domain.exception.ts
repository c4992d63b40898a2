import { type ErrorCode } from '@council/contracts';

/** A rule of ours was broken. The global filter maps `code` to an HTTP status. */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainException';
  }
}
