// Stands in for autovacuum during a bench run when the PostgreSQL server has it turned off (this
// machine's CI configuration does: conf.d/90-ci.conf). Without it the tables are never analysed:
// the apps' prepared statements keep generic plans chosen while the tables were empty, and the
// billing's close-of-question query ends up scanning the whole ledger once per question, so
// PostgreSQL's CPU per question doubled over a 10-minute soak. A production server runs autovacuum.
// Like autovacuum, it processes the tables the apps write, not the system catalogs: a whole-database
// VACUUM spent two thirds of its ≈ 350 ms pass on catalogs that do not change under the load, and
// that burst, every 30 s in a 30 s measured window, showed in the first-token tail.
import pg from 'pg';

/** How often the bench vacuums and analyses its database (autovacuum's own naptime is 60 s). */
export const DB_MAINTENANCE_INTERVAL_MS = 30_000;

/**
 * When the server's autovacuum is off, runs VACUUM (ANALYZE) on the apps' tables now and every
 * `intervalMs`. Resolves with { stop, backendPid } when it runs (the backend that vacuums, whose CPU
 * is not the stack's: MAINTENANCE_GROUP), or null when autovacuum is on.
 */
export async function startDbMaintenance(
  databaseUrl: string,
  intervalMs = DB_MAINTENANCE_INTERVAL_MS,
): Promise<{ stop(): Promise<void>; backendPid: number } | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // the database is dropped at the end of the run, maybe under us
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
  if (rows[0]?.autovacuum === 'on') {
    await client.end();
    return null;
  }
  const backend = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS "pid"');
  const backendPid = Number(backend.rows[0]?.pid);
  const vacuum = `VACUUM (ANALYZE) ${await appTables(client)}`;
  await client.query(vacuum); // the first pass fails loudly; later ones may meet the dropped database
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= client
      .query(vacuum)
      .then(() => {})
      .catch(() => {})
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, intervalMs);
  return {
    backendPid,
    async stop() {
      clearInterval(timer);
      await running;
      await client.end().catch(() => {});
    },
  };
}

/** The apps' tables (schema public, the migrations' tables included), quoted for a VACUUM list. */
async function appTables(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS "name" FROM pg_tables WHERE schemaname = 'public'`,
  );
  if (rows.length === 0) throw new Error('The bench database has no tables: were the migrations run?');
  return rows.map((row) => row.name).join(', ');
}
