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

/**
 * Redis entry ids compared numerically (both parts can pass 2^53): negative when a comes first.
 * Compared as decimal strings, without BigInt: the gateway compares every entry it relays.
 */
export function compareEntryIds(a: string, b: string): number {
  const aDash = a.indexOf('-');
  const bDash = b.indexOf('-');
  const ms = compareDecimals(part(a, 0, aDash), part(b, 0, bDash));
  if (ms !== 0) return ms;
  return compareDecimals(aDash < 0 ? '0' : part(a, aDash + 1), bDash < 0 ? '0' : part(b, bDash + 1));
}

/** A part of an id between `from` and `to`, "0" when empty. */
function part(id: string, from: number, to = id.length): string {
  const end = to < 0 ? id.length : to;
  return end > from ? id.slice(from, end) : '0';
}

/** Two unsigned decimal integers compared: the longer is larger once leading zeros are gone. */
function compareDecimals(a: string, b: string): number {
  const x = withoutLeadingZeros(a);
  const y = withoutLeadingZeros(b);
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function withoutLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start += 1;
  return start === 0 ? digits : digits.slice(start);
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
