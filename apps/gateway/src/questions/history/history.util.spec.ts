import { DomainException } from '@council/server-kit';
import { decodeHistoryCursor, encodeHistoryCursor, isCursorTime, isShareActive } from './history.util';

describe('history cursor', () => {
  it('round-trips createdAt to the microsecond and the id', () => {
    const cursor = { createdAt: '2026-11-22T02:14:30.123456Z', id: 42 };
    const encoded = encodeHistoryCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeHistoryCursor(encoded)).toEqual(cursor);
  });

  it.each([
    ['not base64 text at all', 'garbage!'],
    ['a time without microseconds', Buffer.from('2026-11-22T02:14:30.123Z|1').toString('base64url')],
    ['an impossible date', Buffer.from('2026-13-40T25:61:61.000000Z|1').toString('base64url')],
    [
      '30 February (JavaScript rolls it over, PostgreSQL refuses it)',
      Buffer.from('2026-02-30T00:00:00.000000Z|1').toString('base64url'),
    ],
    ['year 0', Buffer.from('0000-01-01T00:00:00.000000Z|1').toString('base64url')],
    ['hour 24', Buffer.from('2026-01-01T24:00:00.000000Z|1').toString('base64url')],
    ['id 0', Buffer.from('2026-11-22T02:14:30.123456Z|0').toString('base64url')],
    ['an id beyond the column', Buffer.from('2026-11-22T02:14:30.123456Z|2147483648').toString('base64url')],
    ['a non-numeric id', Buffer.from('2026-11-22T02:14:30.123456Z|1a').toString('base64url')],
    ['extra parts', Buffer.from('2026-11-22T02:14:30.123456Z|1|2').toString('base64url')],
  ])('refuses %s with VALIDATION_FAILED', (_label, value) => {
    expect(() => decodeHistoryCursor(value)).toThrow(DomainException);
  });
});

describe('isCursorTime', () => {
  it('takes real calendar dates, leap days included, and nothing PostgreSQL would refuse', () => {
    expect(isCursorTime('2024-02-29T23:59:59.999999Z')).toBe(true);
    expect(isCursorTime('0001-01-01T00:00:00.000000Z')).toBe(true);
    expect(isCursorTime('9999-12-31T23:59:59.999999Z')).toBe(true);
    expect(isCursorTime('2025-02-29T00:00:00.000000Z')).toBe(false);
    expect(isCursorTime('2026-04-31T00:00:00.000000Z')).toBe(false);
    expect(isCursorTime('2026-00-10T00:00:00.000000Z')).toBe(false);
    expect(isCursorTime('2026-01-00T00:00:00.000000Z')).toBe(false);
    expect(isCursorTime('2026-01-01T23:60:00.000000Z')).toBe(false);
    expect(isCursorTime('2026-01-01T23:59:60.000000Z')).toBe(false);
  });
});

describe('isShareActive', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const shared = { isShared: true, shareId: 'abc', shareExpiresAt: null };

  it('is true for a live link without expiry or expiring later', () => {
    expect(isShareActive(shared, now)).toBe(true);
    expect(isShareActive({ ...shared, shareExpiresAt: new Date('2026-11-23T00:00:00Z') }, now)).toBe(true);
  });

  it('is false when not shared, revoked or expired', () => {
    expect(isShareActive({ ...shared, isShared: false }, now)).toBe(false);
    expect(isShareActive({ ...shared, shareId: null }, now)).toBe(false);
    expect(isShareActive({ ...shared, shareExpiresAt: now }, now)).toBe(false);
  });
});
