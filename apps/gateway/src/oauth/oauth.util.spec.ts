import { OAUTH_PENDING_TTL_SECONDS } from './oauth.constants';
import {
  appleUserName,
  authErrorPath,
  bindingCookieOptions,
  bindingMatches,
  callbackParams,
  isBindingValue,
  oauthCallbackUrl,
  parseCookies,
  parsePendingAuthorization,
  profileFromClaims,
  providerCredentials,
  retryingLoader,
  safeReturnPath,
  sha256,
} from './oauth.util';

describe('providerCredentials', () => {
  const issuers = { GOOGLE_ISSUER: 'https://accounts.google.com', APPLE_ISSUER: 'https://appleid.apple.com' };

  it('is null for a provider without a client id', () => {
    expect(providerCredentials(issuers, 'google')).toBeNull();
    expect(
      providerCredentials({ ...issuers, GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' }, 'apple'),
    ).toBeNull();
  });

  it('gives the id, secret and issuer of a configured provider', () => {
    const config = { ...issuers, APPLE_CLIENT_ID: 'com.example.web', APPLE_CLIENT_SECRET: 'jwt' };
    expect(providerCredentials(config, 'apple')).toEqual({
      clientId: 'com.example.web',
      clientSecret: 'jwt',
      issuer: 'https://appleid.apple.com',
    });
  });
});

describe('addresses', () => {
  it('builds the callback from PUBLIC_URL and the error path for /auth', () => {
    expect(oauthCallbackUrl('https://council.example', 'apple')).toBe(
      'https://council.example/api/auth/apple/callback',
    );
    expect(authErrorPath('google_not_configured')).toBe('/auth?error=google_not_configured');
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnPath('/subscription')).toBe('/subscription');
    expect(safeReturnPath('/history?page=2#top')).toBe('/history?page=2#top');
  });

  it('refuses anything that could leave the site or loop into another sign-in', () => {
    for (const value of [
      undefined,
      ['/a', '/b'],
      '',
      'subscription',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/api/auth/google',
      '/x/../api/auth/google',
      '/api',
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('keeps ordinary returns, including an encoded character in the path or query', () => {
    expect(safeReturnPath('/questions/12')).toBe('/questions/12');
    expect(safeReturnPath('/history?page=2')).toBe('/history?page=2');
    expect(safeReturnPath('/history?q=50%25')).toBe('/history?q=50%25');
    expect(safeReturnPath('/questions/caf%C3%A9')).toBe('/questions/caf%C3%A9');
    expect(safeReturnPath('/apis')).toBe('/apis');
  });

  it('refuses API routes in any case or encoding, once decoded', () => {
    for (const value of [
      '/API/user',
      '/Api',
      '/%61pi/user',
      '/%41PI/user',
      '/%2561pi/user',
      '/%25252561pi/user',
      '/api%2Fauth%2Fgoogle',
      '/x/%252e%252e/api/user',
      '/%09api/user',
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('refuses backslashes, malformed escapes and paths that leave the site once decoded', () => {
    for (const value of [
      '/a\\b',
      '/history\\',
      '/a%5Cb',
      '/%255Cevil.example',
      '/%zz',
      '/%E0%A4%A',
      '/%2F%2Fevil.example',
      '/%252F%252Fevil.example',
      `/%${'25'.repeat(10)}61pi`,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});

describe('cookies and the browser binding', () => {
  it('parses a Cookie header', () => {
    expect(parseCookies('a=1; council.oauth.google=abc%2D; a=2; junk; b="q"')).toEqual({
      a: '1',
      'council.oauth.google': 'abc-',
      b: 'q',
    });
    expect(parseCookies(undefined)).toEqual({});
  });

  it('matches a binding only against the hash it was stored as', () => {
    const value = 'x'.repeat(43);
    expect(isBindingValue(value)).toBe(true);
    expect(isBindingValue('short')).toBe(false);
    expect(bindingMatches(value, sha256(value))).toBe(true);
    expect(bindingMatches('y'.repeat(43), sha256(value))).toBe(false);
    expect(bindingMatches(undefined, sha256(value))).toBe(false);
  });

  it('binds Google with SameSite=Lax, and Apple (a cross-site POST) only when Secure is possible', () => {
    const maxAge = OAUTH_PENDING_TTL_SECONDS * 1000;
    expect(bindingCookieOptions('google', false)).toEqual({
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      maxAge,
    });
    expect(bindingCookieOptions('google', true)).toMatchObject({ sameSite: 'lax', secure: true });
    expect(bindingCookieOptions('apple', true)).toEqual({
      path: '/api/auth/apple',
      httpOnly: true,
      sameSite: 'none',
      secure: true,
      maxAge,
    });
    expect(bindingCookieOptions('apple', false)).toBeNull();
  });
});

describe('parsePendingAuthorization', () => {
  const valid = {
    provider: 'google',
    nonce: 'n',
    codeVerifier: 'v',
    bindingHash: null,
    rememberMe: false,
    returnTo: '/',
    createdAt: 1,
  };

  it('reads back what was stored', () => {
    expect(parsePendingAuthorization(JSON.stringify(valid))).toEqual(valid);
    expect(parsePendingAuthorization(JSON.stringify({ ...valid, bindingHash: 'h' }))?.bindingHash).toBe('h');
  });

  it('refuses anything else', () => {
    expect(parsePendingAuthorization(null)).toBeNull();
    expect(parsePendingAuthorization('not json')).toBeNull();
    expect(parsePendingAuthorization('null')).toBeNull();
    expect(parsePendingAuthorization(JSON.stringify({ ...valid, provider: 'github' }))).toBeNull();
    expect(parsePendingAuthorization(JSON.stringify({ ...valid, nonce: 1 }))).toBeNull();
    expect(parsePendingAuthorization(JSON.stringify({ ...valid, bindingHash: undefined }))).toBeNull();
  });
});

describe('callbackParams', () => {
  it('keeps string parameters only', () => {
    expect(callbackParams({ code: 'c', state: 's', extra: ['a', 'b'], nested: { a: 1 } })).toEqual({
      code: 'c',
      state: 's',
    });
    expect(callbackParams(undefined)).toEqual({});
  });
});

describe('profiles', () => {
  it("reads Apple's one-time user field for the name", () => {
    expect(appleUserName('{"name":{"firstName":" Ada ","lastName":"Lovelace"},"email":"x@y"}')).toBe(
      'Ada Lovelace',
    );
    expect(appleUserName('{"name":{}}')).toBeNull();
    expect(appleUserName('{')).toBeNull();
    expect(appleUserName(undefined)).toBeNull();
  });

  it('takes a verified e-mail (Apple says "true"), the name, and falls back to the user field', () => {
    expect(profileFromClaims({ sub: '1', email: 'a@b.c', email_verified: true, name: ' Ada ' })).toEqual({
      email: 'a@b.c',
      emailVerified: true,
      name: 'Ada',
      preferredUsername: null,
    });
    expect(profileFromClaims({ sub: '1', email: 'a@b.c', email_verified: 'true' }, 'Carol').name).toBe(
      'Carol',
    );
    expect(profileFromClaims({ sub: '1', email: 'a@b.c', email_verified: 'true' }).emailVerified).toBe(true);
    expect(profileFromClaims({ sub: '1', email: 'a@b.c', email_verified: 'false' }).emailVerified).toBe(
      false,
    );
    expect(profileFromClaims({ sub: '1', email: 'a@b.c' }).emailVerified).toBe(false);
  });

  it('drops an over-long e-mail and cuts an over-long name', () => {
    const profile = profileFromClaims({ sub: '1', email: `${'a'.repeat(250)}@b.cd`, name: 'n'.repeat(300) });
    expect(profile.email).toBeNull();
    expect(profile.name).toHaveLength(100);
  });
});

describe('retryingLoader', () => {
  it('loads once and shares the value, also with callers arriving meanwhile', async () => {
    const load = jest.fn(() => Promise.resolve('client'));
    const get = retryingLoader(load, 1000);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['client', 'client']);
    await expect(get()).resolves.toBe('client');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails fast after a failure, then tries again once the retry delay has passed', async () => {
    let now = 0;
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('client');
    const get = retryingLoader(load, 1000, () => now);
    await expect(get()).rejects.toThrow('down');
    now = 500;
    await expect(get()).rejects.toThrow('down');
    expect(load).toHaveBeenCalledTimes(1);
    now = 1000;
    await expect(get()).resolves.toBe('client');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
