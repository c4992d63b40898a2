// @ts-check
// PostgreSQL through the `pg` driver: reachability checks and per-run databases.
import pg from 'pg';
import { assertSafeIdentifier } from './urls.mjs';

const AUTH_ERROR_CODES = new Set(['28P01', '28000']);

/** @typedef {{ ok: true, error?: undefined, authFailed?: undefined } | { ok: false, error: Error & { code?: string }, authFailed: boolean }} PostgresProbe */

/**
 * Connects and runs SELECT 1. Resolves { ok: true } or { ok: false, error, authFailed }.
 * @param {string} url
 * @param {number} [timeoutMs]
 * @returns {Promise<PostgresProbe>}
 */
export async function probePostgres(url, timeoutMs = 3000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {}); // a dropped connection after the probe must not crash the caller
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (cause) {
    /** @type {Error & { code?: string }} */
    const error = cause instanceof Error ? cause : new Error(String(cause));
    // SCRAM with no password fails inside the client, before the server can send 28P01.
    const authFailed = AUTH_ERROR_CODES.has(error.code ?? '') || /password|SASL/i.test(error.message);
    return { ok: false, error, authFailed };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} fn
 */
async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * CREATE DATABASE (identifiers cannot be bound as parameters, hence the strict name check).
 * @param {string} adminUrl
 * @param {string} name
 */
export function createDatabase(adminUrl, name) {
  assertSafeIdentifier(name);
  return withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
}

/**
 * DROP DATABASE ... WITH (FORCE): ends leftover connections (an app that did not stop) first.
 * @param {string} adminUrl
 * @param {string} name
 */
export function dropDatabase(adminUrl, name) {
  assertSafeIdentifier(name);
  return withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * An identity of the database at `url` that changes when it is recreated: its cluster's system
 * identifier (when the role may read it) and the database's oid. `npm start` keys its default
 * Redis prefix on it, so a fresh database never meets the jobs and streams another one left in the
 * same Redis under the same question ids.
 * @param {string} url
 * @returns {Promise<string>}
 */
export async function databaseIdentity(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query(
      'SELECT oid::text AS oid FROM pg_database WHERE datname = current_database()',
    );
    const cluster = await client
      .query('SELECT system_identifier::text AS id FROM pg_control_system()')
      .then((result) => String(result.rows[0]?.id ?? ''))
      .catch(() => '');
    return `${cluster}:${String(rows[0]?.oid ?? '')}`;
  } finally {
    await client.end().catch(() => {});
  }
}
