import { DEFAULT_REDIS_PREFIX, QUEUES, queuePrefix } from '../queues/queues.constants';
import fc from 'fast-check';
import { STREAM_ENTRY_ID_PART_MAX } from '../limits/limits.constants';
import { compareEntryIds, isStreamEntryId, questionStreamKey } from './streams.keys';

const Q = 42;

/** The part of a key Redis Cluster hashes: the first {...} with content, else the whole key. */
function hashTag(key: string): string {
  const open = key.indexOf('{');
  const close = key.indexOf('}', open + 1);
  return open >= 0 && close > open + 1 ? key.slice(open + 1, close) : key;
}

describe('questionStreamKey', () => {
  it('is council:{questionId}', () => {
    expect(questionStreamKey(Q)).toBe('council:{42}');
    expect(questionStreamKey(Q, 'test-run-7')).toBe('test-run-7:{42}');
  });

  it('hashes on the question, so streams spread across slots and never share the queues’ tag', () => {
    expect(hashTag(questionStreamKey(Q))).toBe('42');
    expect(hashTag(questionStreamKey(43))).not.toBe(hashTag(questionStreamKey(Q)));
    const consensusKey = `${queuePrefix(DEFAULT_REDIS_PREFIX, QUEUES.consensus)}:consensus:id`;
    expect(hashTag(consensusKey)).toBe('questions');
    // Under the tag-free prefix, the question's own tag is the first one and wins.
    expect(hashTag(`${DEFAULT_REDIS_PREFIX}:${questionStreamKey(Q)}`)).toBe('42');
  });

  it('refuses anything but a positive integer id', () => {
    for (const bad of [0, -1, 1.5, NaN, Infinity, 1e21]) {
      expect(() => questionStreamKey(bad)).toThrow(RangeError);
    }
  });
});

describe('isStreamEntryId', () => {
  it('accepts Redis entry ids only', () => {
    expect(isStreamEntryId('1700000000000-0')).toBe(true);
    expect(isStreamEntryId('0-0')).toBe(true);
    expect(isStreamEntryId('$')).toBe(false);
    expect(isStreamEntryId('1700000000000')).toBe(false);
    expect(isStreamEntryId(42)).toBe(false);
    // Each part is an unsigned 64-bit integer in Redis.
    expect(isStreamEntryId('18446744073709551615-18446744073709551615')).toBe(true);
    expect(isStreamEntryId('18446744073709551616-0')).toBe(false);
    expect(isStreamEntryId('0-99999999999999999999')).toBe(false);
  });
});

describe('compareEntryIds', () => {
  it('orders ids by milliseconds, then sequence, numerically', () => {
    expect(compareEntryIds('10-0', '9-5')).toBeGreaterThan(0);
    expect(compareEntryIds('9-10', '9-9')).toBeGreaterThan(0);
    expect(compareEntryIds('9-1', '9-1')).toBe(0);
    expect(compareEntryIds('1-18446744073709551614', '1-18446744073709551615')).toBeLessThan(0);
    expect(compareEntryIds('007-1', '7-1')).toBe(0);
    expect(compareEntryIds('0-0', '0-00')).toBe(0);
  });

  it('agrees with a BigInt comparison for any ids within Redis bounds', () => {
    const part = fc.bigInt({ min: 0n, max: STREAM_ENTRY_ID_PART_MAX });
    const id = fc
      .tuple(part, part, fc.nat({ max: 3 }), fc.nat({ max: 3 }))
      .map(([ms, seq, msZeros, seqZeros]) => `${'0'.repeat(msZeros)}${ms}-${'0'.repeat(seqZeros)}${seq}`);
    const reference = (a: string, b: string): number => {
      const [aMs, aSeq] = a.split('-').map(BigInt) as [bigint, bigint];
      const [bMs, bSeq] = b.split('-').map(BigInt) as [bigint, bigint];
      if (aMs !== bMs) return aMs < bMs ? -1 : 1;
      return aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1;
    };
    fc.assert(
      fc.property(id, id, (a, b) => Math.sign(compareEntryIds(a, b)) === reference(a, b)),
      { numRuns: 2000 },
    );
    // Close ids, where only the last digits differ.
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: -3, max: 3 }), (ms, step) => {
        const a = `${ms}-5`;
        const b = `${ms + BigInt(Math.max(0, step))}-${5 + step}`;
        return Math.sign(compareEntryIds(a, b)) === reference(a, b);
      }),
    );
  });
});
