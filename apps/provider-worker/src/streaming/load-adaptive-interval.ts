// How far apart a streaming answer's writes are, set by how busy this process is: while the event
// loop has time to spare each delta is written at the end of the turn it arrived in (the reader
// sees a token within milliseconds), and only as the loop fills up do writes wait, up to
// `maxIntervalMs`, so a busy worker spends its time on fewer, larger stream writes.

import { type EventLoopUtilization, performance } from 'node:perf_hooks';

export interface BatchLoadPolicy {
  /** Event-loop utilisation (0–1) up to which deltas are written at once. */
  quietUtilization: number;
  /** Utilisation from which writes are `maxIntervalMs` apart. */
  fullUtilization: number;
  maxIntervalMs: number;
  /** How often utilisation is sampled. */
  sampleMs: number;
}

/**
 * Ours. A 40 ms ceiling costs no CPU that the bench can tell from an 80 ms one at 120 or 200
 * streams, and takes about 14 ms off every token's p50; 20 ms costs 4–6 % more CPU per question
 * (docs/performance.md, "An answer's writes at most 40 ms apart").
 */
export const DEFAULT_BATCH_LOAD: BatchLoadPolicy = {
  quietUtilization: 0.3,
  fullUtilization: 0.7,
  maxIntervalMs: 40,
  sampleMs: 250,
};

/** The interval for a utilisation: 0 while quiet, rising linearly to the maximum when full. */
export function intervalForUtilization(utilization: number, policy: BatchLoadPolicy): number {
  const span = policy.fullUtilization - policy.quietUtilization;
  const share =
    span > 0 ? (utilization - policy.quietUtilization) / span : utilization >= policy.fullUtilization ? 1 : 0;
  return Math.round(Math.min(1, Math.max(0, share)) * policy.maxIntervalMs);
}

type UtilizationReader = (
  current?: EventLoopUtilization,
  previous?: EventLoopUtilization,
) => EventLoopUtilization;

/** Samples the process's event-loop utilisation and turns it into the current interval. */
export class LoadAdaptiveInterval {
  private current = 0;
  private last: EventLoopUtilization | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly policy: BatchLoadPolicy = DEFAULT_BATCH_LOAD,
    private readonly readUtilization: UtilizationReader = performance.eventLoopUtilization,
  ) {}

  /** The interval now; starts sampling on first use (the timer does not keep the process alive). */
  readonly intervalMs = (): number => {
    if (!this.timer) {
      this.last = this.readUtilization();
      this.timer = setInterval(() => this.sample(), this.policy.sampleMs);
      this.timer.unref();
    }
    return this.current;
  };

  /** One sample (exported for tests; the timer calls it). */
  sample(): void {
    const now = this.readUtilization();
    const delta = this.readUtilization(now, this.last ?? undefined);
    this.last = now;
    this.current = intervalForUtilization(delta.utilization, this.policy);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
