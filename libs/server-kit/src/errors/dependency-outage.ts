// Errors that mean PostgreSQL or Redis cannot be reached right now (not that the request was bad
// or the code is wrong). They answer 503, so clients and Stripe know to try again later.

/** Node socket errors of a refused, dropped or unresolvable connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01–57P03
 * (admin/crash shutdown, cannot connect now) and 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** node-postgres, pg-pool and ioredis messages that carry no code. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Connection is closed/i,
  /Client was closed and is not queryable/i,
  /Reached the max retries per request limit/i,
  /Stream isn't writeable/i,
];

export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, name, driverError, cause } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // TypeORM wraps the driver's error; AggregateError and `cause` chains wrap socket errors.
  const nested = [driverError, cause, ...((error as { errors?: unknown[] }).errors ?? [])];
  return nested.some((inner) => isDependencyOutage(inner, depth + 1));
}
