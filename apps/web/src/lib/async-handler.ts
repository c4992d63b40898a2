/**
 * An async function as a React event handler (onClick, onSubmit), which React calls and drops the
 * result of. A rejection is logged instead of surfacing as an unhandled one; code that expects
 * failures (a mutation's onError) still handles them where they happen.
 */
export function asyncHandler<Args extends unknown[]>(
  handler: (...args: Args) => Promise<unknown>,
): (...args: Args) => void {
  return (...args) => {
    handler(...args).catch((error: unknown) => console.error(error));
  };
}
