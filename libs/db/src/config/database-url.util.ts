/** The variable every Council process reads its PostgreSQL connection string from. */
export const DATABASE_URL_ENV = 'DATABASE_URL';

/** Reads DATABASE_URL, failing with a message that names it (the usual first-run mistake). */
export function requireDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env[DATABASE_URL_ENV]?.trim();
  if (!url) {
    throw new Error(
      `${DATABASE_URL_ENV} is not set. Set it to a PostgreSQL connection string, e.g. ` +
        `${DATABASE_URL_ENV}=postgres://postgres@127.0.0.1:5432/council`,
    );
  }
  return url;
}

/** "user@host:port/db" for log lines: enough to see which database was touched, never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
