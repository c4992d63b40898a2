import { generateShareId, isShareIdFormat, shareLink } from './sharing.util';

describe('share ids', () => {
  it('are 144 random bits in 24 URL-safe characters, different every time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateShareId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(18);
      expect(isShareIdFormat(id)).toBe(true);
    }
  });

  it('refuses text that cannot be a link id', () => {
    for (const value of [
      '',
      'short',
      'x'.repeat(65),
      'has space in it here',
      'slash/inside/the/id/x',
      'nul\u0000'.repeat(5),
    ]) {
      expect(isShareIdFormat(value)).toBe(false);
    }
  });
});

describe('shareLink', () => {
  it('is the web route on PUBLIC_URL', () => {
    expect(shareLink('https://council.example', 'AbC-_123')).toBe('https://council.example/shared/AbC-_123');
    expect(shareLink('http://localhost:3000', 'id')).toBe('http://localhost:3000/shared/id');
  });
});
