import { questionCancelKey } from '@council/contracts';
import { type RedisClient, isCluster } from '@council/server-kit';

/**
 * Watches the gateway's cancel signal (questionCancelKey) for every question this process is
 * streaming, with one Redis round trip per interval however many answers stream: one multi-key
 * EXISTS, and only when it counts a signal, one EXISTS per question to find which. On a Redis
 * Cluster each question's key has its own slot (questionCancelKey), so there it is one EXISTS per
 * question every interval, which auto-pipelining sends to each node in one write.
 */
export class CancelWatch {
  private readonly watchers = new Map<number, Set<() => void>>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly intervalMs: number,
  ) {}

  /** Whether the gateway has raised the question's cancel signal now. */
  async isCancelled(questionId: number): Promise<boolean> {
    return (await this.redis.exists(questionCancelKey(this.prefix, questionId))) > 0;
  }

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
      if (!isCluster(this.redis) && (await this.redis.exists(...keys)) === 0) return;
      // Separate commands, not one pipeline: a cluster refuses a pipeline that spans slots.
      const results = await Promise.allSettled(keys.map((key) => this.redis.exists(key)));
      results.forEach((result, index) => {
        if (result.status !== 'fulfilled' || result.value === 0) return;
        for (const callback of [...(this.watchers.get(ids[index]) ?? [])]) callback();
      });
    } catch {
      // A failed check is retried at the next interval; streaming goes on.
    } finally {
      this.checking = false;
    }
  }
}
