import { questionCancelKey } from '@council/contracts';
import { type Redis } from 'ioredis';

/**
 * Watches the gateway's cancel signal (questionCancelKey) for every question this process is
 * streaming, with one Redis round trip per interval however many answers stream: one multi-key
 * EXISTS (all keys share REDIS_PREFIX and so its hash tag, hence one cluster slot), and only when
 * it counts a signal, one EXISTS per question (pipelined) to find which. Before this, each
 * streaming job polled on its own: N commands per interval for N answers.
 */
export class CancelWatch {
  private readonly watchers = new Map<number, Set<() => void>>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly intervalMs: number,
  ) {}

  /** Calls `onCancel` (once) when the question's cancel signal appears; returns the unwatch. */
  watch(questionId: number, onCancel: () => void): () => void {
    let fired = false;
    const callback = () => {
      if (fired) return;
      fired = true;
      onCancel();
    };
    const set = this.watchers.get(questionId) ?? new Set<() => void>();
    set.add(callback);
    this.watchers.set(questionId, set);
    this.timer ??= setInterval(() => void this.check(), this.intervalMs);
    return () => {
      set.delete(callback);
      if (set.size === 0 && this.watchers.get(questionId) === set) this.watchers.delete(questionId);
      if (this.watchers.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** One check of every watched question (exported for tests; the interval calls it). */
  async check(): Promise<void> {
    if (this.checking || this.watchers.size === 0) return;
    this.checking = true;
    try {
      const ids = [...this.watchers.keys()];
      const keys = ids.map((id) => questionCancelKey(this.prefix, id));
      let anySignal = true;
      try {
        anySignal = (await this.redis.exists(...keys)) > 0;
      } catch {
        // e.g. CROSSSLOT on a cluster with a prefix without a hash tag: ask key by key below.
      }
      if (!anySignal) return;
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.exists(key);
      const results = (await pipeline.exec()) ?? [];
      results.forEach(([error, value], index) => {
        if (error || !(typeof value === 'number' && value > 0)) return;
        for (const callback of [...(this.watchers.get(ids[index]) ?? [])]) callback();
      });
    } catch {
      // A failed check is retried at the next interval; streaming goes on.
    } finally {
      this.checking = false;
    }
  }
}
