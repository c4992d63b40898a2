import { HttpException } from '@nestjs/common';
import { type ErrorBody } from '@council/contracts';

/**
 * A billing call failed: answered with the body's status and the body unchanged (the global filter
 * reads `code` and `message` from an HttpException's response), so the web sees billing's own
 * `{ statusCode, code, message }`.
 */
export class BillingRpcException extends HttpException {
  constructor(readonly body: ErrorBody) {
    super(body, body.statusCode);
    this.name = 'BillingRpcException';
  }
}
