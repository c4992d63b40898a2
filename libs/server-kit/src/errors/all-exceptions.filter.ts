import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { type ErrorBody, type ErrorCode, SERVICE_UNAVAILABLE_MESSAGE } from '@council/contracts';
import { type Response } from 'express';
import { isDependencyOutage } from './dependency-outage';
import { DomainException } from './domain.exception';
import { RateLimitedException } from './rate-limited.exception';
import { ERROR_STATUS, codeForStatus } from './error-status.map';
import { httpLayerError } from './http-layer-error';

function httpMessage(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/** Every error leaves as `{ statusCode, code, message }`; internals are logged, never returned. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof DomainException) {
    return { statusCode: ERROR_STATUS[exception.code], code: exception.code, message: exception.message };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const explicit = (exception.getResponse() as { code?: ErrorCode }).code;
    return { statusCode, code: explicit ?? codeForStatus(statusCode), message: httpMessage(exception) };
  }
  const layer = httpLayerError(exception);
  if (layer) return { statusCode: layer.status, code: codeForStatus(layer.status), message: layer.message };
  if (isDependencyOutage(exception)) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'SERVICE_UNAVAILABLE',
      message: SERVICE_UNAVAILABLE_MESSAGE,
    };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, code: 'INTERNAL', message: 'Internal server error' };
}

/** What a file's answer carries and an error's must not. */
const FILE_HEADERS = ['Content-Type', 'ETag', 'Last-Modified', 'Accept-Ranges'] as const;

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(exception);
    const requestId = host.switchToHttp().getRequest<{ id?: unknown }>().id;
    if (body.statusCode >= 500 && typeof requestId === 'string') body.requestId = requestId;
    if (body.statusCode >= 500) {
      // The request's id ties this line to the request's own line and to the answer's body.
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error({ requestId, msg: stack });
    }
    if (response.headersSent) return;
    const layer = httpLayerError(exception);
    if (layer) {
      // `send` describes the file before it finds it cannot serve it; the answer is this JSON.
      for (const name of FILE_HEADERS) response.removeHeader(name);
      for (const [name, value] of Object.entries(layer.headers)) response.setHeader(name, value);
    }
    if (exception instanceof RateLimitedException) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    response.status(body.statusCode).json(body);
  }
}
