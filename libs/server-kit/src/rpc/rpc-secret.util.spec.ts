import { bearerToken, secretMatches } from './rpc-secret.util';

describe('RPC secret', () => {
  it('reads a bearer token and nothing else', () => {
    expect(bearerToken('Bearer s3cret-value')).toBe('s3cret-value');
    expect(bearerToken('bearer s3cret')).toBeNull();
    expect(bearerToken('Basic czNjcmV0')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });

  it('matches only the exact secret, whatever the lengths', () => {
    const secret = 'a'.repeat(48);
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(secret.slice(1), secret)).toBe(false);
    expect(secretMatches(`${secret}a`, secret)).toBe(false);
    expect(secretMatches('', secret)).toBe(false);
  });
});
