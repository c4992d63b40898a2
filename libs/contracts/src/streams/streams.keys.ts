// Redis Stream keys for live answers (ARCHITECTURE "Streaming"). Workers XADD, gateways XREAD.

import { STREAM_ENTRY_ID_PART_MAX } from '../limits/limits.constants';

/** Default first part of a stream key; tests pass their own, so runs never share streams. */
export const QUESTION_STREAM_NAMESPACE = 'council';

/**
 * `council:{<questionId>}`, e.g. `council:{42}`. The braces make the question id the Redis Cluster
 * hash tag: each question's stream (and any key added for it later) lives in one slot, while
 * different questions spread across slots. REDIS_PREFIX, written before it, carries no tag, so this
 * one wins. A gateway reading several streams must therefore read per slot (one XREAD per stream),
 * because a multi-key XREAD across slots fails on a cluster.
 */
export function questionStreamKey(questionId: number, namespace: string = QUESTION_STREAM_NAMESPACE): string {
  if (!Number.isSafeInteger(questionId) || questionId < 1) {
    throw new RangeError(`Unusable question id "${questionId}"`);
  }
  return `${namespace}:{${questionId}}`;
}

/** Ours: a finished question's stream stays this long for late reconnects; PostgreSQL keeps the answers. */
export const QUESTION_STREAM_TTL_SECONDS = 60 * 60;

/** Ours: approximate cap (XADD MAXLEN ~) so a runaway answer cannot grow a stream without bound. */
export const QUESTION_STREAM_MAX_LENGTH = 50_000;

/** Read a stream from its first entry (a fresh subscriber with no lastEntryId). */
export const STREAM_START_ID = '0-0';

const ENTRY_ID = /^(\d{1,20})-(\d{1,20})$/;

/** Redis entry ids compared numerically (both parts can pass 2^53): negative when a comes first. */
export function compareEntryIds(a: string, b: string): number {
  const [aMs, aSeq] = entryIdParts(a);
  const [bMs, bSeq] = entryIdParts(b);
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1;
  return 0;
}

function entryIdParts(id: string): [bigint, bigint] {
  const [ms = '0', seq = '0'] = id.split('-');
  return [BigInt(ms), BigInt(seq)];
}

/**
 * Redis entry ids are "<ms>-<seq>", each part an unsigned 64-bit integer. Anything else from a
 * client is rejected before it reaches XRANGE or XREAD (where Redis would answer an error).
 */
export function isStreamEntryId(value: unknown): value is string {
  const match = typeof value === 'string' ? ENTRY_ID.exec(value) : null;
  return (
    match !== null &&
    BigInt(match[1]!) <= STREAM_ENTRY_ID_PART_MAX &&
    BigInt(match[2]!) <= STREAM_ENTRY_ID_PART_MAX
  );
}
