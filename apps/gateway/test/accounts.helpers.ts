// Shared by the account integration tests: a gateway on its own database and Redis prefix, and
// small readers for Set-Cookie headers.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type RedisClient, createServerApp } from '@council/server-kit';
import {
  type TestDatabase,
  type TestRedis,
  createMigratedDatabase,
  freePort,
  serverTestEnv,
  testRedis,
} from '@council/testing';
import { Client } from 'pg';
import request, { type Response } from 'supertest';
import { gatewayApp } from '../src/app.definition';

export const SESSION_COOKIE = 'council.sid';

export interface TestGateway {
  app: NestExpressApplication;
  db: TestDatabase;
  redis: TestRedis;
  /** SQL on the test database (fixtures, expiring tokens). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The test's own Redis connection (inspect session keys, TTLs). */
  redisClient: RedisClient;
  /** Another gateway on the same database and Redis, with some variables changed. */
  startSibling(env: Record<string, string>): Promise<NestExpressApplication>;
  close(): Promise<void>;
}

export interface TestGatewayServices {
  /** Use this database instead of a fresh one; the caller drops it. */
  db?: TestDatabase;
  /** Use this Redis (URL and prefix) instead of a fresh prefix; the caller cleans it up. */
  redis?: TestRedis;
}

/** A gateway on a fresh migrated database and Redis prefix; PUBLIC_URL defaults to http://council.test. */
export async function startTestGateway(
  label: string,
  env: Record<string, string> = {},
  services: TestGatewayServices = {},
): Promise<TestGateway> {
  const db = services.db ?? (await createMigratedDatabase(label, { seed: false }));
  const redis = services.redis ?? testRedis(label);
  const webDist = mkdtempSync(join(tmpdir(), 'council-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Council</title><div id="root"></div>');
  const baseEnv = {
    ...serverTestEnv(db, redis),
    WEB_DIST_DIR: webDist,
    PUBLIC_URL: 'http://council.test',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'council-outbox-')),
    // Nothing listens there unless the test starts billing on it: never another stack's billing.
    BILLING_URL: `http://127.0.0.1:${await freePort()}`,
    ...env,
  };
  const apps: NestExpressApplication[] = [];
  const start = async (extra: Record<string, string>) => {
    const { app } = await createServerApp(gatewayApp, { ...baseEnv, ...extra });
    await app.init();
    apps.push(app);
    return app;
  };
  const app = await start({});
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  const redisClient = redis.client();

  return {
    app,
    db,
    redis,
    redisClient,
    sql: async <T>(text: string, params: unknown[] = []) => (await pg.query(text, params)).rows as T[],
    startSibling: start,
    close: async () => {
      for (const each of apps.reverse()) await each.close();
      await pg.end();
      redisClient.disconnect();
      if (!services.redis) await redis.cleanup();
      if (!services.db) await db.drop();
    },
  };
}

export interface ParsedCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased; flag attributes map to ''. */
  attributes: Record<string, string>;
}

export function setCookies(res: Response): ParsedCookie[] {
  const header = res.headers['set-cookie'] as string[] | string | undefined;
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      attributes: Object.fromEntries(
        attributes.map((attribute) => {
          const at = attribute.indexOf('=');
          return at === -1
            ? [attribute.toLowerCase(), '']
            : [attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1)];
        }),
      ),
    };
  });
}

/** The session Set-Cookie of an answer, or undefined. */
export function sessionSetCookie(res: Response): ParsedCookie | undefined {
  return setCookies(res).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** `council.sid=<value>` for a Cookie header, from an answer that set it. */
export function sessionCookieOf(res: Response): string {
  const cookie = sessionSetCookie(res);
  if (!cookie?.value) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(res.headers)}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** The session id inside a signed cookie value (`s:<id>.<signature>`, URL-encoded). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const match = /^s:([^.]+)\./.exec(value);
  if (!match?.[1]) throw new Error(`not a signed session cookie: ${cookie}`);
  return match[1];
}

let ipCounter = 0;
/** A fresh client address per call (sent as X-Forwarded-For to a gateway with TRUST_PROXY=loopback). */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface SignedUpUser {
  id: number;
  username: string;
  /** `council.sid=<value>`, signed in. */
  cookie: string;
}

let userCounter = 0;
/**
 * Registers a fresh account through POST /api/register, from a fresh client address (the gateway
 * needs TRUST_PROXY=loopback); its id is read from the database.
 */
export async function signUpThroughApi(gw: TestGateway, namePrefix: string): Promise<SignedUpUser> {
  userCounter += 1;
  const username = `${namePrefix}${userCounter}_${Date.now() % 100000}`;
  const res = await request(gw.app.getHttpServer())
    .post('/api/register')
    .set('X-Forwarded-For', nextIp())
    .send({ username, password: 'correct horse', email: `${username}@example.com` })
    .expect(201);
  const [row] = await gw.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "username" = $1', [username]);
  if (!row) throw new Error(`no user ${username}`);
  return { id: row.id, username, cookie: sessionCookieOf(res) };
}

export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
