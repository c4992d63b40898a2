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

/**
 * ARGV: cap, ttl, prompt, min output, floor. Takes the prompt and the min output (the call's first
 * grant) and returns the output the call may write above the floor, or -1 when that is less than
 * min output (nothing is taken then).
 */
const CLAIM = `${OPEN}
local left = tonumber(redis.call('GET', KEYS[1]))
local room = left - tonumber(ARGV[3]) - tonumber(ARGV[5])
if room < tonumber(ARGV[4]) then return -1 end
redis.call('DECRBY', KEYS[1], tonumber(ARGV[3]) + tonumber(ARGV[4]))
return room`;

/** ARGV: cap, ttl, wanted, floor. Takes up to `wanted` of what is above the floor; returns what it took. */
const TAKE = `${OPEN}
local above = tonumber(redis.call('GET', KEYS[1])) - tonumber(ARGV[4])
local taken = math.max(0, math.min(tonumber(ARGV[3]), above))
if taken > 0 then redis.call('DECRBY', KEYS[1], taken) end
return taken`;

/** ARGV: cap, ttl, tokens (negative gives back), floor. What is left above the floor (may be below zero). */
const SPEND = `${OPEN}
return redis.call('DECRBY', KEYS[1], ARGV[3]) - tonumber(ARGV[4])`;

export class QuestionBudget {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ttlSeconds: number = TOKEN_CAP.budgetTtlSeconds,
  ) {}

  /**
   * Takes `promptTokens` and a first grant of `minOutput` for a call, when that leaves `floor` (what
   * the call must leave for others, consensusReserve). Returns the room for its output (the grant
   * included), or null when the budget cannot pay for the call.
   */
  async claim(
    questionId: number,
    cap: number,
    promptTokens: number,
    minOutput: number,
    floor = 0,
  ): Promise<number | null> {
    const room = await this.run(CLAIM, questionId, cap, promptTokens, minOutput, floor);
    return room < 0 ? null : room;
  }

  /** Takes up to `wanted` tokens of what is above `floor`; returns how many it took (0 when none). */
  take(questionId: number, cap: number, wanted: number, floor = 0): Promise<number> {
    return this.run(TAKE, questionId, cap, wanted, floor);
  }

  /**
   * Spends `tokens` (a negative amount gives them back); returns what is left above `floor`,
   * which may be below 0.
   */
  spend(questionId: number, cap: number, tokens: number, floor = 0): Promise<number> {
    return this.run(SPEND, questionId, cap, tokens, floor);
  }

  /** Sets what is left to `tokens`: an uncapped question's hold after billing changed it. */
  async set(questionId: number, tokens: number): Promise<void> {
    await this.redis.set(questionBudgetKey(this.prefix, questionId), tokens, 'EX', this.ttlSeconds);
  }

  /** What is left above `floor`, without spending anything. */
  remaining(questionId: number, cap: number, floor = 0): Promise<number> {
    return this.spend(questionId, cap, 0, floor);
  }

  private async run(script: string, questionId: number, cap: number, ...args: number[]): Promise<number> {
    const key = questionBudgetKey(this.prefix, questionId);
    const result = await this.redis.eval(script, 1, key, cap, this.ttlSeconds, ...args);
    return Number(result);
  }
}
