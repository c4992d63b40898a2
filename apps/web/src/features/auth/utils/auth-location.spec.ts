import { describe, expect, it } from 'vitest';
import { authModeFromLocation, authModePath, safeReturnPath } from './auth-location';

const mode = (pathname: string, search = '') => authModeFromLocation(pathname, new URLSearchParams(search));

describe('authModeFromLocation (spec §2, §4)', () => {
  it('defaults to login', () => {
    expect(mode('/auth')).toBe('login');
    expect(mode('/auth', '?form=unknown')).toBe('login');
  });

  it('reads form=register and form=forgotPassword', () => {
    expect(mode('/auth', '?form=register')).toBe('register');
    expect(mode('/auth', '?form=forgotPassword')).toBe('forgotPassword');
  });

  it('selects reset mode for a token or a path starting with /reset-password', () => {
    expect(mode('/auth', '?token=abc')).toBe('resetPassword');
    expect(mode('/auth', '?form=register&token=abc')).toBe('resetPassword');
    expect(mode('/reset-password')).toBe('resetPassword');
    expect(mode('/reset-password/anything', '?form=register')).toBe('resetPassword');
  });
});

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeReturnPath('/subscription')).toBe('/subscription');
    expect(safeReturnPath('/history?page=2#top')).toBe('/history?page=2#top');
  });

  it.each([
    null,
    '',
    'subscription',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
  ])('falls back to / for %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('authModePath', () => {
  it('builds the /auth address of a mode and keeps a return path', () => {
    expect(authModePath('login')).toBe('/auth');
    expect(authModePath('register')).toBe('/auth?form=register');
    expect(authModePath('forgotPassword')).toBe('/auth?form=forgotPassword');
    expect(authModePath('register', '/subscription')).toBe('/auth?form=register&return=%2Fsubscription');
    expect(authModePath('login', '/subscription')).toBe('/auth?return=%2Fsubscription');
  });
});
