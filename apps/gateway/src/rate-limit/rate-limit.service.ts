import { Inject, Injectable } from '@nestjs/common';
import { BaseServerEnv, RateLimitedException, REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitRule {
  /** Distinguishes limiters in Redis keys, e.g. 'login:ip'. */
  name: string;
  points: number;
  durationSeconds: number;
  /** How long to block once the points are spent (defaults to the rest of the window). */
  blockSeconds?: number;
}

/**
 * Fixed-window counters in Redis shared by every gateway replica. Limiters are created once per
 * rule name and reused; keys live under REDIS_PREFIX so test runs never collide.
 */
@Injectable()
export class RateLimitService {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly env: BaseServerEnv,
  ) {}

  private limiter(rule: RateLimitRule): RateLimiterRedis {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.env.REDIS_PREFIX}:rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        blockDuration: rule.blockSeconds ?? 0,
      });
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /** Spends one point for `key`; throws RateLimitedException (429 + Retry-After) when none are left. */
  async consume(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.limiter(rule).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RateLimitedException(error.msBeforeNext / 1000);
      throw error;
    }
  }

  /**
   * Spends one point on every (rule, key), or on none: when one refuses, the points taken are given
   * back and RateLimitedException is thrown. For limits that count failures only (login), the
   * attempt is charged before it runs, so parallel attempts cannot all pass a check made while none
   * had failed yet, and `refund` gives a success its point back.
   */
  async consumeEach(entries: readonly (readonly [RateLimitRule, string])[]): Promise<void> {
    const taken: (readonly [RateLimitRule, string])[] = [];
    try {
      for (const entry of entries) {
        taken.push(entry);
        await this.consume(...entry);
      }
    } catch (error) {
      await Promise.all(taken.map(([rule, key]) => this.refund(rule, key)));
      throw error;
    }
  }

  /** Gives back one point spent for `key`. */
  async refund(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).reward(key, 1);
  }

  /** Spends one point for `key` without throwing (the caller has already answered the attempt). */
  async penalize(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).penalty(key, 1);
  }

  /** Forgets `key`'s spent points, e.g. after a successful login. */
  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key);
  }
}
