/**
 * Whole seconds until `endsAt` (an ISO time from the server), counted up as a countdown shows them:
 * 0 once it has passed. Never more than `maxSeconds`, so a browser clock behind the server's does not
 * promise a longer wait than the server gives.
 */
export function secondsLeft(endsAt: string, now: number, maxSeconds: number): number {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return 0;
  return Math.min(maxSeconds, Math.max(0, Math.ceil((end - now) / 1000)));
}

/** Milliseconds until the shown number of seconds changes next. */
export function msToNextSecond(endsAt: string, now: number): number {
  const left = Date.parse(endsAt) - now;
  if (!(left > 0)) return 0;
  return left % 1000 || 1000;
}
