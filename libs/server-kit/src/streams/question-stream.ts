// The one place that names a question's Redis Stream and appends to it. Workers write through
// QuestionStreamWriter; gateways read the same key (streamKeyFor) with XREAD.

import {
  FINAL_STREAM_ENTRY_TYPES,
  QUESTION_STREAM_MAX_LENGTH,
  QUESTION_STREAM_TTL_SECONDS,
  type StreamEntry,
  encodeStreamEntry,
  questionStreamKey,
} from '@council/contracts';
import { type QuestionOutcomeCounter, questionOutcomeOf } from '../metrics/question-metrics';
import { type RedisClient } from '../redis/redis-client.util';

/**
 * The full Redis key of a question's stream: `${REDIS_PREFIX}:council:{<questionId>}`, e.g.
 * `council:council:{42}`. Every key we write starts with REDIS_PREFIX (test runs clean up by
 * prefix); the prefix carries no hash tag, so on a Redis Cluster the question id decides the slot.
 */
export function streamKeyFor(prefix: string, questionId: number): string {
  return `${prefix}:${questionStreamKey(questionId)}`;
}

export interface QuestionStreamWriterOptions {
  /** Approximate cap (XADD MAXLEN ~). Default QUESTION_STREAM_MAX_LENGTH. */
  maxLength?: number;
  /** Lifetime of a stream after its final entry. Default QUESTION_STREAM_TTL_SECONDS. */
  ttlSeconds?: number;
  /** Counts each final entry written, by outcome (questionsFinishedCounter). */
  finished?: QuestionOutcomeCounter;
}

/** KEYS[1] the stream; ARGV: MAXLEN ~, TTL, `|final|types|`, then the entry's fields and values. */
const APPEND_FINAL_IF_MISSING = `
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  if #last == 0 then return 0 end
  local fields = last[1][2]
  for i = 1, #fields, 2 do
    if fields[i] == 'type' then
      if string.find(ARGV[3], '|' .. fields[i + 1] .. '|', 1, true) then return 0 end
      break
    end
  end
  redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', unpack(ARGV, 4))
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  return 1`;

/**
 * Appends entries to a question's stream, in order, without waiting between them: commands sent on
 * one connection run in the order sent, and a client with auto-pipelining (RedisModule's) writes
 * every append issued in the same tick, of any question, in one socket write. A final entry
 * (question:completed / question:failed) also sets the stream's EXPIRE.
 */
export class QuestionStreamWriter {
  private readonly maxLength: number;
  private readonly ttlSeconds: number;
  private readonly finished: QuestionOutcomeCounter | undefined;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    options: QuestionStreamWriterOptions = {},
  ) {
    this.maxLength = options.maxLength ?? QUESTION_STREAM_MAX_LENGTH;
    this.ttlSeconds = options.ttlSeconds ?? QUESTION_STREAM_TTL_SECONDS;
    this.finished = options.finished;
  }

  key(questionId: number): string {
    return streamKeyFor(this.prefix, questionId);
  }

  /** Appends the entries in order; resolves with their entry ids. */
  async append(questionId: number, entries: readonly StreamEntry[]): Promise<string[]> {
    const key = this.key(questionId);
    const added = entries.map((entry) =>
      this.redis.xadd(key, 'MAXLEN', '~', this.maxLength, '*', ...encodeStreamEntry(entry)),
    );
    const final = entries.some((entry) => FINAL_STREAM_ENTRY_TYPES.includes(entry.type));
    const expired = final ? this.redis.expire(key, this.ttlSeconds) : null;
    // Promise.all observes every command, so a failed one never becomes an unhandled rejection.
    const [ids] = await Promise.all([Promise.all(added), expired]);
    if (final) for (const entry of entries) this.countFinal(entry);
    return ids.filter((id): id is string => typeof id === 'string');
  }

  /**
   * Appends a final entry unless the stream already ends with one, or is gone (expired after its
   * final entry), in one script: of two writers that end the same question at once (the member
   * that completed it, and a re-run recovering a lost end), exactly one writes. Resolves whether
   * this call did.
   */
  async appendFinalIfMissing(questionId: number, entry: StreamEntry): Promise<boolean> {
    const finals = `|${FINAL_STREAM_ENTRY_TYPES.join('|')}|`;
    const added = await this.redis.eval(
      APPEND_FINAL_IF_MISSING,
      1,
      this.key(questionId),
      this.maxLength,
      this.ttlSeconds,
      finals,
      ...encodeStreamEntry(entry),
    );
    if (added === 1) this.countFinal(entry);
    return added === 1;
  }

  private countFinal(entry: StreamEntry): void {
    const outcome = questionOutcomeOf(entry);
    if (outcome) this.finished?.inc({ outcome });
  }

  /** Sets the stream's lifetime now (e.g. after a question ended without a final entry). */
  async expire(questionId: number): Promise<void> {
    await this.redis.expire(this.key(questionId), this.ttlSeconds);
  }
}
