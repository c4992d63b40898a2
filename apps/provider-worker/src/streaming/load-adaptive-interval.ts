// How far apart a streaming answer's writes are, set by how busy this process is: while the event
// loop has time to spare an answer's writes are at least `quietIntervalMs` apart (its first delta,
// and any after a pause, still leave at once), and as the loop fills up they wait longer, up to
// `maxIntervalMs`, so a busy worker spends its time on fewer, larger stream writes.

import { type EventLoopUtilization, performance } from 'node:perf_hooks';

export interface BatchLoadPolicy {
  /** Event-loop utilisation (0–1) up to which writes are `quietIntervalMs` apart. */
  quietUtilization: number;
  /** Least time between two writes of an answer while quiet (0: each delta at once). */
  quietIntervalMs: number;
  /** Utilisation from which writes are `maxIntervalMs` apart. */
  fullUtilization: number;
  maxIntervalMs: number;
  /** How often utilisation is sampled. */
  sampleMs: number;
}

/**
 * Ours. A 40 ms ceiling costs no CPU that the bench can tell from an 80 ms one at 120 or 200
 * streams, and takes about 14 ms off every token's p50; 20 ms costs 4–6 % more CPU per question
 * (docs/performance.md, "An answer's writes at most 40 ms apart"). The quiet floor of 30 ms merges
 * the tokens of a typical stream two by two, for a stream write, a read and a socket frame fewer
 * each, at about 10 ms on every token's p50 (docs/performance.md, "A quiet worker's writes 30 ms
 * apart").
 */
export const DEFAULT_BATCH_LOAD: BatchLoadPolicy = {
  quietUtilization: 0.3,
  quietIntervalMs: 30,
  fullUtilization: 0.7,
  maxIntervalMs: 40,
  sampleMs: 250,
};

/** The interval for a utilisation: the quiet floor, rising linearly to the maximum when full. */
export function intervalForUtilization(utilization: number, policy: BatchLoadPolicy): number {
  const span = policy.fullUtilization - policy.quietUtilization;
  const share =
    span > 0 ? (utilization - policy.quietUtilization) / span : utilization >= policy.fullUtilization ? 1 : 0;
  const rise = Math.max(0, policy.maxIntervalMs - policy.quietIntervalMs);
  return Math.round(policy.quietIntervalMs + Math.min(1, Math.max(0, share)) * rise);
}

type UtilizationReader = (
  current?: EventLoopUtilization,
  previous?: EventLoopUtilization,
) => EventLoopUtilization;

/** Samples the process's event-loop utilisation and turns it into the current interval. */
export class LoadAdaptiveInterval {
  private current: number;
  private last: EventLoopUtilization | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly policy: BatchLoadPolicy = DEFAULT_BATCH_LOAD,
    private readonly readUtilization: UtilizationReader = performance.eventLoopUtilization,
  ) {
    this.current = policy.quietIntervalMs;
  }

  /** The interval now; starts sampling on first use (the timer does not keep the process alive). */
  readonly intervalMs = (): number => {
    if (!this.timer) {
      this.last = this.readUtilization();
      this.timer = setInterval(() => this.sample(), this.policy.sampleMs);
      this.timer.unref();
    }
    return this.current;
  };

  /**
   * The DeltaBatcher's grid: the quiet interval while quiet (the answers then write together, one
   * pipelined write a tick instead of one each), none once busy, when the interval grows with the
   * load and every tick has batches due anyway.
   */
  readonly gridMs = (): number =>
    this.intervalMs() === this.policy.quietIntervalMs ? this.policy.quietIntervalMs : 0;

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
