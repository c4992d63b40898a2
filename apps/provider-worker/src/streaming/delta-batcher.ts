import { type DeltaKind } from '@council/contracts';
import { type FlushClock, SHARED_FLUSH_CLOCK } from './flush-clock';
import { LoadAdaptiveInterval } from './load-adaptive-interval';

export interface DeltaPart {
  kind: DeltaKind;
  text: string;
}

export interface DeltaBatcherOptions {
  /** Least time between two writes of an answer; a function is read at each write. */
  intervalMs: number | (() => number);
  /** Write at once when this many characters are waiting. */
  maxChars: number;
  /**
   * When above 0, a batch waiting for its interval is written at the nearest multiple of this
   * (performance.now() time, shared by the process), so the answers streaming together write in
   * the same tick; 0 (the default) writes each when its own interval ends. Read at each write.
   */
  gridMs?: number | (() => number);
}

/**
 * Ours: at most 25 writes a second per answer when the worker is busy (LoadAdaptiveInterval), so the
 * UI stays fluid without an XADD per token under load; while it is quiet, the answers streaming
 * together write on one shared grid, so one pipelined write carries them all.
 */
const DEFAULT_INTERVAL = new LoadAdaptiveInterval();

export const DEFAULT_DELTA_BATCH: DeltaBatcherOptions = {
  intervalMs: DEFAULT_INTERVAL.intervalMs,
  maxChars: 512,
  gridMs: DEFAULT_INTERVAL.gridMs,
};

/**
 * Collects an answer's deltas and writes them in batches (one write per batch, never per token),
 * in order: consecutive deltas of one kind merge into one part. A failed write is reported by
 * close(), so the provider stream itself is never interrupted by a Redis hiccup.
 *
 * Leading edge: a delta that arrives after a quiet interval (the first token above all) is written
 * as soon as the deltas of the same network read are in (end of the event-loop turn), not an
 * interval later; while deltas keep coming, writes are at least `intervalMs` apart. The timing
 * runs on a FlushClock shared by all batchers, so their writes leave together.
 */
export class DeltaBatcher {
  private pending: DeltaPart[] = [];
  private pendingChars = 0;
  private scheduled = false;
  /** When the last batch was handed to `write` (performance.now(); -Infinity: never). */
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    private readonly write: (parts: readonly DeltaPart[]) => Promise<void>,
    private readonly options: DeltaBatcherOptions = DEFAULT_DELTA_BATCH,
    private readonly clock: FlushClock = SHARED_FLUSH_CLOCK,
  ) {}

  push(kind: DeltaKind, text: string): void {
    if (!text) return;
    const last = this.pending.at(-1);
    if (last && last.kind === kind) last.text += text;
    else this.pending.push({ kind, text });
    this.pendingChars += text.length;
    if (this.pendingChars >= this.options.maxChars) {
      this.flush();
      return;
    }
    if (this.scheduled) return; // a write of what waits is already scheduled
    this.scheduled = true;
    const dueAt = this.dueAt();
    if (performance.now() >= dueAt) this.clock.flushSoon(this);
    else this.clock.flushAt(this, dueAt);
  }

  /** Starts writing what is waiting (in order after earlier writes). */
  flush(): void {
    this.clearTimer();
    if (this.pending.length === 0) return;
    const parts = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    this.lastFlushAt = performance.now();
    this.chain = this.chain
      .then(() => (this.failure ? undefined : this.write(parts)))
      .catch((error: unknown) => {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      });
  }

  /** Writes what is left and waits for every write; throws the first failed write's error. */
  async close(): Promise<void> {
    this.flush();
    await this.chain;
    if (this.failure) throw this.failure;
  }

  /** Drops what has not been written yet (the attempt failed) and waits for writes in flight. */
  async discard(): Promise<void> {
    this.clearTimer();
    this.pending = [];
    this.pendingChars = 0;
    await this.chain;
  }

  /** When what waits may be written: its interval after the last write, on the grid if there is one. */
  private dueAt(): number {
    const { intervalMs, gridMs = 0 } = this.options;
    const dueAt = this.lastFlushAt + (typeof intervalMs === 'number' ? intervalMs : intervalMs());
    const grid = typeof gridMs === 'number' ? gridMs : gridMs();
    return grid > 0 && Number.isFinite(dueAt) ? Math.round(dueAt / grid) * grid : dueAt;
  }

  private clearTimer(): void {
    if (!this.scheduled) return;
    this.scheduled = false;
    this.clock.cancel(this);
  }
}
