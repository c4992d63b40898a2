/** PostgreSQL's error codes the services turn into answers (Appendix A of its manual). */
export const PG_ERROR_CODES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** Whether `error` (TypeORM's QueryFailedError) is PostgreSQL error `code` on `constraint`. */
export function isConstraintViolation(error: unknown, code: string, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: unknown; constraint?: unknown } } | null)
    ?.driverError;
  return driverError?.code === code && driverError.constraint === constraint;
}
