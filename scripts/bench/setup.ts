// What `npm run bench` starts before it measures: helper children (fake provider, baseline), the
// stack (like the e2e stage of scripts/test.mjs: build, fresh database, migrate + seed, the four
// apps on free ports) and the signed-in bench users.
import path from 'node:path';
import process from 'node:process';
import pg from 'pg';
import { ROOT } from '../lib/exec.mjs';
import { info } from '../lib/log.mjs';
import { type Service, type Sink, startService } from '../lib/service-process.mjs';

/**
 * Starts `node scripts/bench/<script> <json>` and resolves { service, port } once it prints its
 * `{"ready":true,"port":N}` line. Other output goes to `sink`. With `ipc`, the child has an IPC
 * channel (the fake provider takes new pacing through it: configureHelper).
 */
export function startHelper(
  name: string,
  script: string,
  options: object,
  { sink, timeoutMs = 30_000, ipc = false }: { sink?: Sink; timeoutMs?: number; ipc?: boolean } = {},
): Promise<{ service: Service; port: number }> {
  return new Promise((resolve, reject) => {
    let ready = false;
    // The helpers are TypeScript too: Node runs them through tsx, as `npm run bench` runs the driver.
    const service = startService(
      name,
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'bench', script), JSON.stringify(options)],
      {
        cwd: ROOT,
        ipc,
        sink: (serviceName, colour, line) => {
          if (!ready && line.startsWith('{"ready":true')) {
            ready = true;
            clearTimeout(timer);
            resolve({ service, port: (JSON.parse(line) as { port: number }).port });
            return;
          }
          sink?.(serviceName, colour, line);
        },
      },
    );
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs} ms`)),
      timeoutMs,
    );
    void service.exited.then((exit) => {
      if (!ready) {
        clearTimeout(timer);
        reject(new Error(`${name} exited before it was ready (${JSON.stringify(exit)})`));
      }
    });
  });
}

/**
 * Sends `{ configure }` to a helper started with `ipc` and resolves once it answers
 * `{ configured: true }`.
 */
export function configureHelper(service: Service, configure: object, timeoutMs = 10_000): Promise<void> {
  const { child } = service;
  return new Promise((resolve, reject) => {
    const done = (message: unknown) => {
      if ((message as { configured?: boolean } | null)?.configured !== true) return;
      clearTimeout(timer);
      child.off('message', done);
      resolve();
    };
    const timer = setTimeout(() => {
      child.off('message', done);
      reject(new Error(`${service.name} did not take its new configuration within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', done);
    child.send({ configure });
  });
}

/** The session cookie ("council.sid=…") of a response, or null. */
export function sessionCookie(response: Response): string | null {
  const cookies = response.headers.getSetCookie();
  const cookie = cookies.find((value) => value.startsWith('council.sid='));
  return cookie ? (cookie.split(';')[0] ?? null) : null;
}

/** Runs `fn` over `items` with at most `limit` at once; resolves with the results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Creates `count` bench users and signs each in. One user registers through the API (so its
 * password hash is the gateway's own); the others are inserted with that hash as 'max' tier with a
 * large purchased balance (the opening-balance trigger writes their ledger entries), then every
 * one signs in with POST /api/login. Resolves [{ username, cookie }].
 */
export interface BenchAccount {
  username: string;
  cookie: string;
}

export async function createBenchUsers({
  baseUrl,
  origin,
  databaseUrl,
  count,
  tag,
}: {
  baseUrl: string;
  origin: string;
  databaseUrl: string;
  count: number;
  tag: string;
}): Promise<BenchAccount[]> {
  const password = 'bench-password-1';
  const template = `${tag}_0`;
  const register = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: template, password, email: `${template}@example.com` }),
  });
  if (register.status !== 201) {
    throw new Error(
      `POST /api/register answered ${register.status}: ${(await register.text()).slice(0, 300)}`,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [templateRow],
    } = await client.query<{ password: string }>('SELECT "password" FROM "users" WHERE "username" = $1', [
      template,
    ]);
    if (!templateRow) throw new Error(`The registered user ${template} is not in the database`);
    const balance = 1_000_000_000;
    await client.query(
      `INSERT INTO "users" ("username", "password", "email", "subscriptionTier", "subscriptionStatus",
                            "tokensLeft", "purchasedTokens")
       SELECT $1 || '_' || g, $2, $1 || '_' || g || '@example.com', 'max', 'active', $3, $3
         FROM generate_series(1, $4) AS g`,
      [tag, templateRow.password, balance, count],
    );
  } finally {
    await client.end();
  }
  info(`Created ${count} bench users (${tag}_1 … ${tag}_${count}, max tier); signing them in`);
  const usernames = Array.from({ length: count }, (_, i) => `${tag}_${i + 1}`);
  return mapLimit(usernames, 4, async (username) => {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username, password }),
    });
    const cookie = sessionCookie(response);
    if (response.status >= 300 || !cookie) {
      throw new Error(`POST /api/login for ${username} answered ${response.status}`);
    }
    await response.arrayBuffer();
    return { username, cookie };
  });
}

/** The environment of the four apps for a bench run (providers pointed at the fake). */
export function stackEnv({
  base,
  fakeUrl,
  baseUrl,
}: {
  base: NodeJS.ProcessEnv;
  fakeUrl: string;
  baseUrl: string;
}): NodeJS.ProcessEnv {
  return {
    ...base,
    PUBLIC_URL: baseUrl,
    NODE_ENV: 'test',
    // Per-request info logs would be measured too; warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${fakeUrl}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-bench',
    ANTHROPIC_BASE_URL: fakeUrl,
    XAI_API_KEY: 'xai-bench',
    XAI_BASE_URL: `${fakeUrl}/xai/v1`,
    // Enough worker slots for every stream the load keeps open (the defaults stay as they are).
    PROVIDER_CONCURRENCY: process.env.PROVIDER_CONCURRENCY || '300',
    CONSENSUS_CONCURRENCY: process.env.CONSENSUS_CONCURRENCY || '300',
  };
}
