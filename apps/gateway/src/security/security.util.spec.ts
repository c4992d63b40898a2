import {
  allowedOrigins,
  checkRequestOrigin,
  contentSecurityPolicy,
  isOriginCheckExempt,
  normalizePath,
} from './security.util';

const ours = allowedOrigins('https://council.example', true);

function decide(overrides: Partial<Parameters<typeof checkRequestOrigin>[0]>) {
  return checkRequestOrigin(
    { method: 'POST', path: '/api/login', origin: undefined, secFetchSite: undefined, ...overrides },
    ours,
  ).allowed;
}

describe('checkRequestOrigin', () => {
  it('lets reads through whatever their origin', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(decide({ method, origin: 'https://evil.example', secFetchSite: 'cross-site' })).toBe(true);
    }
  });

  it('refuses state-changing requests from another origin', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(decide({ method, origin: 'https://evil.example' })).toBe(false);
    }
    expect(decide({ origin: 'null' })).toBe(false);
    expect(decide({ origin: 'http://council.example' })).toBe(false);
    expect(decide({ origin: 'https://council.example:8443' })).toBe(false);
    expect(decide({ origin: 'https://sub.council.example' })).toBe(false);
  });

  it('refuses what the browser calls cross-site, even without an Origin', () => {
    expect(decide({ secFetchSite: 'cross-site' })).toBe(false);
    expect(decide({ secFetchSite: 'Cross-Site', origin: 'https://council.example' })).toBe(false);
  });

  it('accepts our own origin and requests without browser headers', () => {
    expect(decide({ origin: 'https://council.example', secFetchSite: 'same-origin' })).toBe(true);
    expect(decide({ origin: 'HTTPS://COUNCIL.EXAMPLE' })).toBe(true);
    expect(decide({})).toBe(true);
    expect(decide({ secFetchSite: 'none' })).toBe(true);
  });

  it('checks every path, however it is spelt, except the webhook and the OAuth callbacks', () => {
    expect(decide({ path: '/API/Login', origin: 'https://evil.example' })).toBe(false);
    expect(decide({ path: '/admin/queues/api/queues/x/clean', origin: 'https://evil.example' })).toBe(false);
    expect(
      decide({ path: '/api/stripe/webhook', origin: 'https://stripe.com', secFetchSite: 'cross-site' }),
    ).toBe(true);
    expect(decide({ path: '/api/auth/apple/callback', origin: 'https://appleid.apple.com' })).toBe(true);
    expect(decide({ path: '/api/auth/apple/callback/x', origin: 'https://evil.example' })).toBe(false);
  });
});

describe('isOriginCheckExempt', () => {
  it('matches paths the way Express routes them', () => {
    expect(isOriginCheckExempt('/API//Stripe/Webhook/')).toBe(true);
    expect(isOriginCheckExempt('/api/auth/google/callback')).toBe(true);
    expect(isOriginCheckExempt('/api/auth/google')).toBe(false);
    expect(isOriginCheckExempt('/api/stripe/webhook2')).toBe(false);
    expect(normalizePath('/')).toBe('/');
  });
});

describe('allowedOrigins', () => {
  it("is PUBLIC_URL's origin alone in production", () => {
    expect([...allowedOrigins('https://council.example', true)]).toEqual(['https://council.example']);
    expect([...allowedOrigins('http://localhost:3000', true)]).toEqual(['http://localhost:3000']);
  });

  it('accepts every loopback spelling of a loopback PUBLIC_URL outside production', () => {
    expect([...allowedOrigins('http://localhost:3000', false)].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
    expect([...allowedOrigins('http://council.test', false)]).toEqual(['http://council.test']);
  });
});

describe('contentSecurityPolicy', () => {
  it('holds the required directives, with WebSockets to our own host', () => {
    const csp = contentSecurityPolicy('https://council.example');
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'", 'wss://council.example']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('uses ws: and no upgrade over http', () => {
    const csp = contentSecurityPolicy('http://127.0.0.1:4000');
    expect(csp['connect-src']).toEqual(["'self'", 'ws://127.0.0.1:4000']);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });
});
