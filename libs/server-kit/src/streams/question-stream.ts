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
}

/**
 * Appends entries to a question's stream, in order, without waiting between them: commands sent on
 * one connection run in the order sent, and a client with auto-pipelining (RedisModule's) writes
 * every append issued in the same tick, of any question, in one socket write. A final entry
 * (question:completed / question:failed) also sets the stream's EXPIRE.
 */
export class QuestionStreamWriter {
  private readonly maxLength: number;
  private readonly ttlSeconds: number;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    options: QuestionStreamWriterOptions = {},
  ) {
    this.maxLength = options.maxLength ?? QUESTION_STREAM_MAX_LENGTH;
    this.ttlSeconds = options.ttlSeconds ?? QUESTION_STREAM_TTL_SECONDS;
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
    return ids.filter((id): id is string => typeof id === 'string');
  }

  /**
   * Appends a final entry unless the stream already ends with one, or is gone (expired after its
   * final entry): a re-run that finds its question ended makes sure the client heard of it. A
   * check, then a write: two re-runs at the same moment may both write, which readers tolerate
   * (they stop at the first final entry).
   */
  async appendFinalIfMissing(questionId: number, entry: StreamEntry): Promise<boolean> {
    const last = await this.redis.xrevrange(this.key(questionId), '+', '-', 'COUNT', 1);
    const fields = last[0]?.[1];
    if (!fields) return false;
    const type = fields.find((_value, index) => index % 2 === 1 && fields[index - 1] === 'type');
    if (FINAL_STREAM_ENTRY_TYPES.some((final) => final === type)) return false;
    await this.append(questionId, [entry]);
    return true;
  }

  /** Sets the stream's lifetime now (e.g. after a question ended without a final entry). */
  async expire(questionId: number): Promise<void> {
    await this.redis.expire(this.key(questionId), this.ttlSeconds);
  }
}
