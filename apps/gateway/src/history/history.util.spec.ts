import { DomainException } from '@council/server-kit';
import { decodeHistoryCursor, encodeHistoryCursor, isShareActive } from './history.util';

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
    ['id 0', Buffer.from('2026-11-22T02:14:30.123456Z|0').toString('base64url')],
    ['an id beyond the column', Buffer.from('2026-11-22T02:14:30.123456Z|2147483648').toString('base64url')],
    ['a non-numeric id', Buffer.from('2026-11-22T02:14:30.123456Z|1a').toString('base64url')],
    ['extra parts', Buffer.from('2026-11-22T02:14:30.123456Z|1|2').toString('base64url')],
  ])('refuses %s with VALIDATION_FAILED', (_label, value) => {
    expect(() => decodeHistoryCursor(value)).toThrow(DomainException);
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
