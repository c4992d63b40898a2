import fc from 'fast-check';
import { sitePath } from './site-path';

describe('sitePath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(sitePath('/subscription')).toBe('/subscription');
    expect(sitePath('/history?page=2#top')).toBe('/history?page=2#top');
    expect(sitePath('/a/../history')).toBe('/history');
  });

  it.each([
    undefined,
    null,
    ['/a'],
    '',
    'subscription',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/./\\evil.example',
    '/..//evil.example/login',
  ])('refuses %j', (value) => {
    expect(sitePath(value)).toBeNull();
  });

  it('never gives a path that a browser would resolve to another origin', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2f',
      'evil.example',
      '\t',
      '@',
      ':',
      '?',
      '#',
      'a',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const path = sitePath(`/${pieces.join('')}`);
        if (path === null) return;
        expect(new URL(path, 'https://council.example').origin).toBe('https://council.example');
        expect(path.startsWith('//') || path.startsWith('/\\')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
