import { SESSION_LIFETIMES } from './session.constants';
import { isPastAbsoluteLifetime, sessionLifetime, sessionTtlMs } from './session.util';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('session lifetimes', () => {
  it('are 2 h idle / 24 h absolute, and 30 days idle / 90 days absolute with remember me', () => {
    expect(SESSION_LIFETIMES.standard).toEqual({ idleMs: 2 * HOUR, absoluteMs: 24 * HOUR });
    expect(SESSION_LIFETIMES.rememberMe).toEqual({ idleMs: 30 * DAY, absoluteMs: 90 * DAY });
    expect(sessionLifetime(undefined)).toBe(SESSION_LIFETIMES.standard);
    expect(sessionLifetime(true)).toBe(SESSION_LIFETIMES.rememberMe);
  });
});

describe('sessionTtlMs', () => {
  const now = 1_000_000_000_000;

  it('is the idle timeout while the absolute end is further away', () => {
    expect(sessionTtlMs({ absoluteExpiresAt: now + 10 * HOUR }, now)).toBe(2 * HOUR);
    expect(sessionTtlMs({ rememberMe: true, absoluteExpiresAt: now + 60 * DAY }, now)).toBe(30 * DAY);
  });

  it('is cut short by the absolute end', () => {
    expect(sessionTtlMs({ absoluteExpiresAt: now + HOUR }, now)).toBe(HOUR);
    expect(sessionTtlMs({ rememberMe: true, absoluteExpiresAt: now + 5 * DAY }, now)).toBe(5 * DAY);
    expect(sessionTtlMs({ absoluteExpiresAt: now - 1 }, now)).toBeLessThanOrEqual(0);
  });

  it('gives sessions that never signed in the standard idle timeout', () => {
    expect(sessionTtlMs({}, now)).toBe(2 * HOUR);
  });
});

describe('isPastAbsoluteLifetime', () => {
  it('is true from the absolute end on', () => {
    expect(isPastAbsoluteLifetime({ absoluteExpiresAt: 100 }, 99)).toBe(false);
    expect(isPastAbsoluteLifetime({ absoluteExpiresAt: 100 }, 100)).toBe(true);
    expect(isPastAbsoluteLifetime({}, 100)).toBe(false);
  });
});
