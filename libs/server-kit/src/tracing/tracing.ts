import { type SpanContext, trace } from '@opentelemetry/api';
import type { IncomingMessage } from 'node:http';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { Telemetry } from 'bullmq';

/** Health probes and scrapes: frequent, and never part of a question. */
const UNTRACED_PATHS = /\/(health|metrics)(\?|$)/;
/** Socket.IO events sent too often to trace one by one; the relay traces its first delivery. */
const UNTRACED_SOCKET_EVENTS = ['question:events'];

let sdk: NodeSDK | null = null;
/** Each incoming request's server span: the root of its trace, whatever span runs when it is read. */
const serverSpans = new WeakMap<IncomingMessage, SpanContext>();
let telemetry: Telemetry | undefined;

/**
 * Tracing is on when an OTLP endpoint is named (docs/operations.md, "Tracing"). Unset, nothing of
 * the SDK is even loaded, so it costs nothing.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

export function tracingEnabled(): boolean {
  return sdk !== null;
}

/**
 * Starts the OpenTelemetry SDK for one app. It must run before anything it instruments is loaded
 * (http, express, Nest, pg, ioredis, Socket.IO, pino, undici), so each app's entry imports its
 * tracing file first. The exporter follows the standard OTEL_* variables (protocol, headers,
 * sampler); only traces are exported, metrics stay with Prometheus.
 */
export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (sdk || !tracingConfigured(env)) return false;
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation, ExpressLayerType } =
    require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { NestInstrumentation } =
    require('@opentelemetry/instrumentation-nestjs-core') as typeof import('@opentelemetry/instrumentation-nestjs-core');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { SocketIoInstrumentation } =
    require('@opentelemetry/instrumentation-socket.io') as typeof import('@opentelemetry/instrumentation-socket.io');
  const { PinoInstrumentation } =
    require('@opentelemetry/instrumentation-pino') as typeof import('@opentelemetry/instrumentation-pino');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
  /* eslint-enable @typescript-eslint/no-require-imports */

  sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || `council-${service}`,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
        requestHook: (span, request) => {
          // An incoming request (a client request has getHeader); http is not loaded here before the SDK patches it.
          if (!('getHeader' in request)) serverSpans.set(request, span.spanContext());
        },
        // Outgoing calls of our own go through undici (billing's RPC, the provider SDKs' fetch).
        requireParentforOutgoingSpans: true,
      }),
      // One span per route handler, not one per middleware.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new NestInstrumentation(),
      // Without a parent these would be the pool's and the queues' polling: noise, not questions.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new SocketIoInstrumentation({ emitIgnoreEventList: UNTRACED_SOCKET_EVENTS }),
      // trace_id and span_id on every log line written inside a span.
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  telemetry = new BullMQOtel('council');
  return true;
}

/** Flushes the spans still buffered and stops the SDK (on shutdown). */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  telemetry = undefined;
  await running?.shutdown().catch(() => undefined);
}

/**
 * BullMQ's `telemetry` option when tracing is on (bullmq-otel): a job carries the context it was
 * added in, so a question's jobs, in every worker, join the trace of the ask that queued them.
 */
export function queueTelemetry(): Telemetry | undefined {
  return telemetry;
}

/**
 * `<trace id>-<span id>` of the request's server span (else of the span running now), when tracing
 * is on: the trace id finds the trace, and the span id names the request in it and keeps two
 * requests that a client sent under one trace apart (billing treats a repeated request id as a
 * retry of the same action).
 */
export function activeSpanRequestId(request?: IncomingMessage): string | undefined {
  if (!sdk) return undefined;
  const context = (request && serverSpans.get(request)) ?? trace.getActiveSpan()?.spanContext();
  return context ? `${context.traceId}-${context.spanId}` : undefined;
}
