import { DomainException, type RedisClient } from '@council/server-kit';
import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import { type GatewayEnv } from '../config/gateway.env';
import './session.types';
import {
  DEVELOPMENT_SESSION_SECRET,
  SESSION_COOKIE_NAME,
  SESSION_STORE_UNAVAILABLE_MESSAGE,
} from './session.constants';
import { RedisSessionStore } from './session.store';
import { isPastAbsoluteLifetime } from './session.util';

/** Injection token of the one session middleware instance (HTTP now, Socket.IO later). */
export const SESSION_MIDDLEWARE = Symbol('SESSION_MIDDLEWARE');

/** Secure cookies exactly when users reach us over https (TLS ends at the proxy in front of us). */
export function isSecureOrigin(config: Pick<GatewayEnv, 'PUBLIC_URL'>): boolean {
  return new URL(config.PUBLIC_URL).protocol === 'https:';
}

/** The attributes every Set-Cookie of the session carries, also used to clear it on logout. */
export function sessionCookieOptions(config: Pick<GatewayEnv, 'PUBLIC_URL'>): {
  path: string;
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
} {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecureOrigin(config) };
}

/**
 * express-session in Redis (`${REDIS_PREFIX}:sess:<id>`). Ids are express-session's default:
 * 24 random bytes (192 bits). `rolling` renews the cookie on every answer and the store renews the
 * key on every request, which makes the lifetime an idle timeout; the absolute end is stored in
 * the session at sign-in and enforced here and by the key's TTL (see SESSION_LIFETIMES).
 *
 * Nothing is stored for visitors who never sign in (saveUninitialized: false). Store failures
 * answer 503 instead of an anonymous 500. The same instance serves Socket.IO handshakes later.
 */
export function createSessionMiddleware(redis: RedisClient, config: GatewayEnv): RequestHandler {
  const secure = isSecureOrigin(config);
  const handler = session({
    name: SESSION_COOKIE_NAME,
    secret: config.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    store: new RedisSessionStore(redis, config.REDIS_PREFIX),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    // Behind the TLS-terminating proxy that an https PUBLIC_URL implies, the connection to us is
    // plain http: trust X-Forwarded-Proto for the Secure attribute (a forged header can only make
    // the cookie stricter). Over http, Express's own "trust proxy" setting applies.
    proxy: secure ? true : undefined,
    cookie: sessionCookieOptions(config),
  });

  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res, (error?: unknown) => {
      if (error) {
        next(new DomainException('SERVICE_UNAVAILABLE', SESSION_STORE_UNAVAILABLE_MESSAGE));
        return;
      }
      if (req.session && isPastAbsoluteLifetime(req.session, Date.now())) {
        // Past its absolute end: continue with a fresh, empty session (the old one is deleted).
        req.session.regenerate((regenerateError?: unknown) =>
          next(
            regenerateError
              ? new DomainException('SERVICE_UNAVAILABLE', SESSION_STORE_UNAVAILABLE_MESSAGE)
              : undefined,
          ),
        );
        return;
      }
      next();
    });
  };
}
