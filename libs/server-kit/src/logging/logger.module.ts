import { randomUUID } from 'node:crypto';
import { type DynamicModule, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type Options } from 'pino-http';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type LogLevel } from '../config/base-server.env';
import { activeSpanRequestId } from '../tracing/tracing';

const REQUEST_ID_HEADER = 'x-request-id';
const SECRET_QUERY_PARAMS = /([?&](?:token|code|state|id_token)=)[^&#]*/gi;

/** Reset tokens and OAuth codes travel in query strings; they must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

/** A request's log fields: its id, method and URL, with secrets in the query string redacted. */
export function serializeRequest(req: { id: string; method: string; url: string }): {
  id: string;
  method: string;
  url: string;
} {
  return { id: req.id, method: req.method, url: redactUrl(req.url) };
}

/**
 * The request's trace and span ids when tracing is on (so a log line, an error body and a trace
 * share one id); else a caller's request id (from a proxy) when it looks sane; else a new one.
 */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id =
    activeSpanRequestId(req) ??
    (typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID());
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export interface LoggerOptions {
  /**
   * More routes that skip the request middleware (Nest route paths, e.g. 'rpc/*path'): an
   * internal, high-rate API whose caller already logs each request.
   */
  unloggedPaths?: readonly string[];
}

/** Structured JSON logs, one line per request, with the request id on every line of that request. */
export function createLoggerModule(
  service: string,
  level: LogLevel,
  { unloggedPaths = [] }: LoggerOptions = {},
): DynamicModule {
  return LoggerModule.forRoot({
    // Probes and scrapes skip the request middleware altogether: its per-request context
    // (AsyncLocalStorage) turns on promise hooks for the whole process, a cost every promise of a
    // worker, whose only HTTP traffic they are, would pay from then on.
    exclude: [
      { path: 'health', method: RequestMethod.ALL },
      { path: 'metrics', method: RequestMethod.ALL },
      ...unloggedPaths.map((path) => ({ path, method: RequestMethod.ALL })),
    ],
    pinoHttp: requestLogOptions(service, level),
  });
}

/** pino-http's options: one line per request, secrets in headers and query strings redacted. */
export function requestLogOptions(service: string, level: LogLevel) {
  return {
    level,
    base: { service },
    genReqId: requestIdFor,
    customProps: (req: IncomingMessage) => ({ requestId: req.id }),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    // Probes and scrapes would drown the useful lines.
    autoLogging: { ignore: (req: IncomingMessage) => /\/(health|metrics)$/.test(req.url ?? '') },
    serializers: { req: serializeRequest },
  } satisfies Options;
}
