import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server the tests may create databases on: $DATABASE_URL, else the local default. Never remote by default. */
export function adminDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
}

function urlFor(database: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function onAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of its own for one test file; `drop()` removes it even with clients still connected. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `council_${label}_${randomBytes(5).toString('hex')}`.toLowerCase();
  await onAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: urlFor(name),
    drop: () =>
      onAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
