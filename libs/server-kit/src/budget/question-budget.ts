// A capped question's remaining tokens ("Stop at N tokens", TOKEN_CAP), shared by every worker
// process through one Redis key per question. Each script opens the budget at the cap the first
// time any call touches it, so nothing has to create it ahead of the first job. Billing, not this
// key, is what guarantees the asker is never charged past the cap; the budget is how the calls
// know when to stop.

import { TOKEN_CAP, questionBudgetKey } from '@council/contracts';
import { type RedisClient } from '../redis/redis-client.util';

const OPEN = `
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], ARGV[1]) end
redis.call('EXPIRE', KEYS[1], ARGV[2])`;

/** ARGV: cap, ttl, prompt, min output. The output the call may write, or -1 when it may not start. */
const CLAIM = `${OPEN}
local left = tonumber(redis.call('GET', KEYS[1]))
if left - tonumber(ARGV[3]) < tonumber(ARGV[4]) then return -1 end
return redis.call('DECRBY', KEYS[1], ARGV[3])`;

/** ARGV: cap, ttl, tokens (negative gives back). What is left afterwards (may be below zero). */
const SPEND = `${OPEN}
return redis.call('DECRBY', KEYS[1], ARGV[3])`;

export class QuestionBudget {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ttlSeconds: number = TOKEN_CAP.budgetTtlSeconds,
  ) {}

  /**
   * Takes `promptTokens` for a call that needs at least `minOutput` tokens of room beside them.
   * Returns the room left for its output, or null when the budget cannot pay for the call.
   */
  async claim(questionId: number, cap: number, promptTokens: number, minOutput: number): Promise<number | null> {
    const left = await this.run(CLAIM, questionId, cap, promptTokens, minOutput);
    return left < 0 ? null : left;
  }

  /** Spends `tokens` (a negative amount gives them back); returns what is left, which may be below 0. */
  spend(questionId: number, cap: number, tokens: number): Promise<number> {
    return this.run(SPEND, questionId, cap, tokens);
  }

  /** What is left, without spending anything. */
  remaining(questionId: number, cap: number): Promise<number> {
    return this.spend(questionId, cap, 0);
  }

  private async run(script: string, questionId: number, cap: number, ...args: number[]): Promise<number> {
    const key = questionBudgetKey(this.prefix, questionId);
    const result = await this.redis.eval(script, 1, key, cap, this.ttlSeconds, ...args);
    return Number(result);
  }
}
