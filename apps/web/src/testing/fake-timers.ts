import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fakes setTimeout only, so a test can step through the app's delays (the 500 ms and 2000 ms
 * redirects) while promises, fetch bodies and React's scheduler keep running. TanStack Query
 * batches its notifications with setTimeout(0); they go through microtasks meanwhile.
 *
 * Testing Library's async helpers (findBy*, waitFor) wait on a setTimeout themselves, so use
 * `eventually` instead while timeouts are fake.
 */
export function fakeTimeouts(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  notifyManager.setScheduler(queueMicrotask);
}

/** As fakeTimeouts, with the clock (Date) faked too and set to `now`: for countdowns to a server time. */
export function fakeClock(now: Date): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now });
  notifyManager.setScheduler(queueMicrotask);
}

export function restoreTimeouts(): void {
  vi.useRealTimers();
  notifyManager.setScheduler(defaultScheduler);
}

// Node's setImmediate (not faked above): one turn of the event loop, past pending I/O callbacks.
const nextMacrotask = (globalThis as unknown as { setImmediate: (callback: () => void) => void })
  .setImmediate;

/** Retries `assertion` between macrotasks (without moving the fake clock) until it passes. */
export async function eventually(assertion: () => void, rounds = 200): Promise<void> {
  for (let round = 0; ; round += 1) {
    try {
      assertion();
      return;
    } catch (error) {
      if (round >= rounds) throw error;
    }
    await act(() => new Promise<void>((resolve) => nextMacrotask(resolve)));
  }
}
