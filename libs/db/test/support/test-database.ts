import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A throwaway database on the real PostgreSQL server, created for one test file. */
export interface TestDatabase {
  name: string;
  /** Connection string for the new database (the admin URL with its database swapped). */
  url: string;
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where test databases are created: DATABASE_URL if set, else the local server's postgres database. */
export function adminDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env['DATABASE_URL']?.trim() || DEFAULT_ADMIN_URL;
}

async function withAdminClient(work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database with a random name, so test files (and parallel runs) never share
 * state. Pair every call with dropTestDatabase in afterAll.
 */
export async function createTestDatabase(prefix = 'council_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  // Identifiers cannot be bound as parameters; the name is ours, lower-case letters, digits and _.
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops the database, disconnecting anything a failed test left open (PostgreSQL 13+). */
export async function dropTestDatabase(database: TestDatabase): Promise<void> {
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`));
}
