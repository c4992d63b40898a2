import { redactUrl } from './logger.module';

describe('redactUrl', () => {
  it('hides reset tokens and OAuth codes but keeps the rest of the address', () => {
    expect(redactUrl('/auth?token=abc123&form=x')).toBe('/auth?token=[redacted]&form=x');
    expect(redactUrl('/api/auth/google/callback?state=s1&code=c2')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/agents')).toBe('/api/agents');
  });
});
