import { randomUUID } from 'node:crypto';
import {
  type DynamicModule,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { type RouteInfo } from '@nestjs/common/interfaces';
import { LoggerModule } from 'nestjs-pino';
import { type DestinationStream } from 'pino';
import { type HttpLogger, type Options, pinoHttp } from 'pino-http';
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
  /** Where the lines go; standard output by default. */
  destination?: DestinationStream;
}

/** The request log's middleware and the routes it skips (RequestLogModule). */
interface RequestLog {
  middleware: HttpLogger;
  exclude: RouteInfo[];
}
const REQUEST_LOG = Symbol('REQUEST_LOG');

/**
 * One JSON line per HTTP request, with its id (pino-http), written through the same pino instance
 * as the app's own lines. The request's logger is not bound to the lines written while it runs
 * (nestjs-pino's middleware does that with an AsyncLocalStorage, which in Node 20 turns on promise
 * hooks for the whole process and makes every promise of the streaming path dearer: 2.5 times in
 * a loop of awaits; docs/performance.md). An error answered with a 5xx logs its request id itself
 * (AllExceptionsFilter).
 */
@Module({})
export class RequestLogModule implements NestModule {
  constructor(@Inject(REQUEST_LOG) private readonly requestLog: RequestLog) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(this.requestLog.middleware)
      .exclude(...this.requestLog.exclude)
      .forRoutes({ path: '*', method: RequestMethod.ALL });
  }
}

/** Structured JSON logs: the app's lines and one line per request (RequestLogModule). */
export function createLoggerModule(
  service: string,
  level: LogLevel,
  { unloggedPaths = [], destination }: LoggerOptions = {},
): DynamicModule {
  const options = requestLogOptions(service, level);
  const middleware = destination ? pinoHttp(options, destination) : pinoHttp(options);
  // Probes and scrapes are not logged.
  const exclude: RouteInfo[] = [
    { path: 'health', method: RequestMethod.ALL },
    { path: 'metrics', method: RequestMethod.ALL },
    ...unloggedPaths.map((path) => ({ path, method: RequestMethod.ALL })),
  ];
  return {
    module: RequestLogModule,
    // nestjs-pino gives Nest's Logger that pino instance; its middleware runs on no route.
    imports: [LoggerModule.forRoot({ pinoHttp: { logger: middleware.logger }, forRoutes: [] })],
    providers: [{ provide: REQUEST_LOG, useValue: { middleware, exclude } satisfies RequestLog }],
  };
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
