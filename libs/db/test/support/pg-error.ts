import { QueryFailedError } from 'typeorm';

/** The parts of a PostgreSQL error that tests assert on: SQLSTATE code and constraint name. */
export interface PgErrorSummary {
  code: string | undefined;
  constraint: string | undefined;
}

/** Awaits a query that must fail and returns its SQLSTATE and constraint, for one-line assertions. */
export async function pgErrorOf(query: Promise<unknown>): Promise<PgErrorSummary> {
  try {
    await query;
  } catch (error) {
    if (!(error instanceof QueryFailedError)) throw error;
    const driverError = error.driverError as Error & { code?: string; constraint?: string };
    return { code: driverError.code, constraint: driverError.constraint };
  }
  throw new Error('expected the query to fail, but it succeeded');
}

/** SQLSTATE codes used by the tests. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  restrictViolation: '23001',
  /** A value written to a GENERATED ALWAYS identity column. */
  generatedAlways: '428C9',
} as const;
