import { type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { type BaseServerEnv } from '../config/base-server.env';
import { ConfigValidationError, loadConfig } from '../config/config.loader';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { createValidationPipe } from '../errors/validation.pipe';
import { useBodyParsers } from '../http/body-parsers';
import { RequestInputPipe } from '../http/request-input.pipe';
import { httpMetricsMiddleware } from '../metrics/http-metrics.middleware';
import { startMetricsServer } from '../metrics/metrics.server';
import { MetricsService } from '../metrics/metrics.service';
import { stopTracing } from '../tracing/tracing';

export interface ServerAppDefinition<T extends BaseServerEnv> {
  service: string;
  env: new () => T;
  /** May be async: a module that depends on stored data (the provider worker's catalogue) reads it first. */
  rootModule: (config: T) => DynamicModule | Type | Promise<DynamicModule | Type>;
  /** '/api' on the gateway; workers serve /health and /metrics at the root. */
  globalPrefix?: string;
  /**
   * Mounted before the body parsers, so it runs for every request, even one whose body is refused
   * (400/413): security headers, request-origin checks.
   */
  configureEarly?: (app: NestExpressApplication, config: T) => void;
  configure?: (app: NestExpressApplication, config: T) => void | Promise<void>;
  /** Paths that read a form-urlencoded body instead of JSON (see useBodyParsers). */
  formPaths?: readonly RegExp[];
  /** Largest JSON body; REQUEST_BODY_LIMIT_BYTES unless an internal app needs more. */
  bodyLimitBytes?: number;
}

const SHUTDOWN_TIMEOUT_MS = 30_000;

/** Builds the app (validated config, JSON logs, 1 MB body cap, error filter, metrics) without listening. */
export async function createServerApp<T extends BaseServerEnv>(
  definition: ServerAppDefinition<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ app: NestExpressApplication; config: T }> {
  const config = loadConfig(definition.env, definition.service, env);
  const app = await NestFactory.create<NestExpressApplication>(await definition.rootModule(config), {
    bufferLogs: true,
    bodyParser: false,
    forceCloseConnections: true,
  });
  app.useLogger(app.get(Logger));
  const metrics = app.get(MetricsService);
  metrics.setService(definition.service);
  app.use(httpMetricsMiddleware(metrics));
  definition.configureEarly?.(app, config);
  useBodyParsers(app, { formPaths: definition.formPaths, limitBytes: definition.bodyLimitBytes });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(new RequestInputPipe(), createValidationPipe());
  app.disable('x-powered-by');
  if (definition.globalPrefix) app.setGlobalPrefix(definition.globalPrefix, { exclude: ['metrics'] });
  await definition.configure?.(app, config);
  return { app, config };
}

/**
 * Entry point of every server: fail fast on bad config, listen, and on SIGTERM/SIGINT close
 * HTTP, drain queue workers (Nest shutdown hooks) and exit 0.
 */
export function runServer<T extends BaseServerEnv>(definition: ServerAppDefinition<T>): void {
  startServer(definition).catch((error: unknown) => {
    process.stderr.write(
      `${definition.service} failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  });
}

async function startServer<T extends BaseServerEnv>(definition: ServerAppDefinition<T>): Promise<void> {
  let created: { app: NestExpressApplication; config: T };
  try {
    created = await createServerApp(definition);
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { app, config } = created;
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsServer(app.get(MetricsService).registry, config.METRICS_PORT, config.LISTEN_HOST);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.get(Logger).log(`${signal} received, shutting down`, definition.service);
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    await metricsServer?.close();
    await stopTracing();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
  if (config.LISTEN_HOST) await app.listen(config.PORT, config.LISTEN_HOST);
  else await app.listen(config.PORT);
  const where = config.LISTEN_HOST ? `${config.LISTEN_HOST}:${config.PORT}` : `port ${config.PORT}`;
  app.get(Logger).log(`${definition.service} listening on ${where}`, definition.service);
  if (metricsServer) {
    app.get(Logger).log(`Metrics on port ${metricsServer.port} at /metrics`, definition.service);
  }
}
