import { type ArgumentsHost, Catch, Logger } from '@nestjs/common';
import { BaseRpcExceptionFilter, RpcException } from '@nestjs/microservices';
import { type ErrorBody, isErrorBody } from '@council/contracts';
import { toErrorBody } from '@council/server-kit';
import { type Observable } from 'rxjs';

/** The error every billing RPC failure carries: the same `{ statusCode, code, message }` as HTTP. */
export function toRpcErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (isErrorBody(error)) return error;
  }
  return toErrorBody(exception);
}

/**
 * Turns domain errors, validation failures and anything unexpected into an RpcException whose
 * error is an ErrorBody, which Nest hands to the caller's observable (billing-rpc.errors.ts).
 */
@Catch()
export class BillingRpcExceptionFilter extends BaseRpcExceptionFilter {
  private readonly logger = new Logger('BillingRpc');

  override catch(exception: unknown, host: ArgumentsHost): Observable<unknown> {
    const body = toRpcErrorBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    return super.catch(new RpcException(body), host);
  }
}
