import { ConfigValidationError, loadConfig } from '@council/server-kit';
import { BillingEnv } from './billing.env';

describe('BillingEnv', () => {
  const required = { DATABASE_URL: 'postgres://localhost/council', REDIS_URL: 'redis://localhost:6379' };
  const load = (env: NodeJS.ProcessEnv = {}) => loadConfig(BillingEnv, 'billing', { ...required, ...env });

  it('runs 16 usage jobs at once unless told otherwise', () => {
    expect(load().USAGE_CONCURRENCY).toBe(8);
    expect(load({ USAGE_CONCURRENCY: '48' }).USAGE_CONCURRENCY).toBe(48);
  });

  it.each(['0', '201', '2.5', 'many'])('refuses USAGE_CONCURRENCY=%s at boot', (value) => {
    expect(() => load({ USAGE_CONCURRENCY: value })).toThrow(ConfigValidationError);
  });

  it('requires a BILLING_RPC_SECRET of 32+ characters in production only', () => {
    expect(load().BILLING_RPC_SECRET).toBeUndefined();
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/BILLING_RPC_SECRET must be set in production/);
    expect(() => load({ BILLING_RPC_SECRET: 'short' })).toThrow(/at least 32 characters/);
    const secret = 's'.repeat(32);
    expect(load({ NODE_ENV: 'production', BILLING_RPC_SECRET: secret }).BILLING_RPC_SECRET).toBe(secret);
  });
});
