import { type SessionData } from 'express-session';
import './session.types';
import { SESSION_LIFETIMES, type SessionLifetime } from './session.constants';

export function sessionLifetime(rememberMe: boolean | undefined): SessionLifetime {
  return rememberMe ? SESSION_LIFETIMES.rememberMe : SESSION_LIFETIMES.standard;
}

/**
 * How long Redis keeps a session from now: the idle timeout, cut short by the absolute end. Every
 * request that reads the session renews it (store touch), which is what makes the timeout "idle".
 */
export function sessionTtlMs(data: Partial<SessionData>, now: number): number {
  const idle = sessionLifetime(data.rememberMe).idleMs;
  return data.absoluteExpiresAt === undefined ? idle : Math.min(idle, data.absoluteExpiresAt - now);
}

/** True once a session has outlived its absolute lifetime (the store's TTL normally ends it first). */
export function isPastAbsoluteLifetime(data: Partial<SessionData>, now: number): boolean {
  return data.absoluteExpiresAt !== undefined && now >= data.absoluteExpiresAt;
}
