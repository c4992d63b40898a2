export interface WaitUntilOptions {
  /** Give up after this long; default 15 s. */
  timeoutMs?: number;
  /** Pause between checks; default 25 ms. */
  intervalMs?: number;
}

/** Polls `check` until it returns true; throws once `timeoutMs` has passed without it. */
export async function waitUntil(
  check: () => Promise<boolean>,
  { timeoutMs = 15_000, intervalMs = 25 }: WaitUntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for the condition`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
