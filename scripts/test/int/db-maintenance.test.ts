// The bench's stand-in for autovacuum: it analyses the bench database when the server does not.
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, test } from 'node:test';
import pg from 'pg';
import { startDbMaintenance } from '../../bench/db-maintenance.ts';
import { DEFAULT_ADMIN_URL } from '../../lib/ensure-postgres.mjs';
import { createDatabase, dropDatabase } from '../../lib/postgres.mjs';
import { withDatabase } from '../../lib/urls.mjs';

const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
const database = `council_maint_${process.pid}`;
const url = withDatabase(adminUrl, database);
after(() => dropDatabase(adminUrl, database));

async function query(sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

const catalogVacuums = async () =>
  Number(
    (await query(`SELECT vacuum_count FROM pg_stat_sys_tables WHERE relname = 'pg_class'`))[0]?.vacuum_count,
  );

test('analyses the apps’ tables at once and on every interval when autovacuum is off; stays out when on', async () => {
  await createDatabase(adminUrl, database);
  await query('CREATE TABLE items (id int PRIMARY KEY); INSERT INTO items SELECT generate_series(1, 1000)');
  await query('CREATE TABLE "mixedCase" (id int PRIMARY KEY); INSERT INTO "mixedCase" VALUES (1), (2)');
  const catalogBefore = await catalogVacuums();
  const [settings] = await query('SHOW autovacuum');
  const maintenance = await startDbMaintenance(url, 200);
  if (settings?.autovacuum === 'on') {
    assert.equal(maintenance, null);
    return;
  }
  assert.ok(maintenance, 'runs when autovacuum is off');
  try {
    const analyses = async () =>
      Number(
        (await query(`SELECT analyze_count FROM pg_stat_user_tables WHERE relname = 'items'`))[0]
          ?.analyze_count,
      );
    // The statistics collector reports with a short delay; poll.
    const deadline = Date.now() + 10_000;
    while ((await analyses()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.ok((await analyses()) >= 2, 'analysed at start and again after an interval');
    const [items] = await query(`SELECT reltuples FROM pg_class WHERE relname = 'items'`);
    assert.equal(Number(items?.reltuples), 1000);
    const [mixed] = await query(`SELECT reltuples FROM pg_class WHERE relname = 'mixedCase'`);
    assert.equal(Number(mixed?.reltuples), 2, 'a table whose name needs quoting is analysed too');
    assert.equal(await catalogVacuums(), catalogBefore, 'the system catalogs are left to themselves');
  } finally {
    await maintenance.stop();
  }
});
