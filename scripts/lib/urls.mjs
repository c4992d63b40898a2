// @ts-check
// Small, pure helpers around connection URLs (unit-tested in scripts/test/urls.test.mjs).

/**
 * Hides the password so URLs can be printed in logs.
 * @param {string} url
 */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * The same server and credentials with another database name (query string such as sslmode kept).
 * @param {string} url
 * @param {string} database
 */
export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * True when the URL points at this machine on the given port (default port applied when absent).
 * @param {string} url
 * @param {number} defaultPort
 */
export function isLocalUrl(url, defaultPort) {
  const parsed = new URL(url);
  const port = parsed.port ? Number(parsed.port) : defaultPort;
  return LOCAL_HOSTS.has(parsed.hostname) && port === defaultPort;
}

/**
 * Port of a URL, falling back to the protocol's usual one.
 * @param {string} url
 * @param {number} defaultPort
 */
export function urlPort(url, defaultPort) {
  const parsed = new URL(url);
  return parsed.port ? Number(parsed.port) : defaultPort;
}

/**
 * Database names we create must be safe to interpolate into CREATE/DROP DATABASE, which take no
 * bind parameters: lower-case letters, digits and underscores only.
 * @param {string} name
 */
export function assertSafeIdentifier(name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return name;
}
