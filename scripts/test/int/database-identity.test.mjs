// npm start's default Redis prefix is keyed on the database's identity: a recreated database gets
// a new one (so it never meets the jobs another database left under the same question ids), the
// same database keeps its own.
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, test } from 'node:test';
import { DEFAULT_ADMIN_URL } from '../../lib/ensure-postgres.mjs';
import { createDatabase, databaseIdentity, dropDatabase } from '../../lib/postgres.mjs';
import { withDatabase } from '../../lib/urls.mjs';

const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
const database = `council_identity_${process.pid}`;
const url = withDatabase(adminUrl, database);
after(() => dropDatabase(adminUrl, database));

test('a database keeps its identity, and loses it when it is recreated', async () => {
  await createDatabase(adminUrl, database);
  const first = await databaseIdentity(url);
  assert.equal(await databaseIdentity(url), first);
  assert.notEqual(await databaseIdentity(adminUrl), first);
  await dropDatabase(adminUrl, database);
  await createDatabase(adminUrl, database);
  assert.notEqual(await databaseIdentity(url), first);
});
