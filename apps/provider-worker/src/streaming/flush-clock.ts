/** What a FlushClock runs: a batcher's flush. */
export interface Flushable {
  flush(): void;
}

/**
 * How often the shared clock looks for batches that are due: the most a due batch waits extra.
 * 5 ms took 2 ms off every token's p50 against 10 ms, for no CPU the bench could tell
 * (docs/performance.md, "An answer's writes at most 40 ms apart").
 */
export const DEFAULT_FLUSH_TICK_MS = 5;

/**
 * Runs the flushes of all of a process's batchers from one shared immediate and one ticking timer.
 * Flushes that run in the same turn of the event loop send their stream writes to Redis as one
 * pipelined write (ioredis auto-pipelining), so 200 answers streaming at once cost a few writes a
 * tick instead of one socket write, a syscall, per batch. Nothing runs while nothing waits.
 */
export class FlushClock {
  private readonly soon = new Set<Flushable>();
  /** Batches waiting for their interval, with the time (performance.now()) they are due. */
  private readonly later = new Map<Flushable, number>();
  private immediate: NodeJS.Immediate | null = null;
  private ticker: NodeJS.Timeout | null = null;

  constructor(private readonly tickMs: number = DEFAULT_FLUSH_TICK_MS) {}

  /** Flushes `item` at the end of this turn of the event loop. */
  flushSoon(item: Flushable): void {
    this.later.delete(item);
    this.soon.add(item);
    this.immediate ??= setImmediate(() => this.runSoon());
  }

  /** Flushes `item` on the first tick at or after `dueAt` (performance.now() time). */
  flushAt(item: Flushable, dueAt: number): void {
    if (this.soon.has(item)) return;
    this.later.set(item, dueAt);
    this.ticker ??= setInterval(() => this.tick(), this.tickMs);
  }

  /** Forgets `item` (it flushed on its own or was discarded). */
  cancel(item: Flushable): void {
    this.soon.delete(item);
    if (this.later.delete(item)) this.stopWhenIdle();
  }

  private runSoon(): void {
    this.immediate = null;
    const items = [...this.soon];
    this.soon.clear();
    for (const item of items) item.flush();
  }

  private tick(): void {
    const now = performance.now();
    for (const [item, dueAt] of this.later) {
      if (dueAt > now) continue;
      this.later.delete(item);
      item.flush();
    }
    this.stopWhenIdle();
  }

  private stopWhenIdle(): void {
    if (this.later.size > 0 || !this.ticker) return;
    clearInterval(this.ticker);
    this.ticker = null;
  }
}

/** The process-wide clock every DeltaBatcher uses unless told otherwise. */
export const SHARED_FLUSH_CLOCK = new FlushClock();
