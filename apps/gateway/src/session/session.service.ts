import { Inject, Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '@council/contracts';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { type Request, type Response } from 'express';
import { GatewayEnv } from '../config/gateway.env';
import { type AuthUser } from '../users/users.util';
import './session.types';
import {
  SESSION_COOKIE_NAME,
  SESSION_LIFETIMES,
  sessionKeyPrefix,
  sessionsEndedChannel,
  userSessionsKey,
} from './session.constants';
import { sessionCookieOptions } from './session.middleware';
import { sessionLifetime } from './session.util';

function promised(run: (done: (error?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
}

/** The signed-in user id of the request's session, if any. */
export function sessionUserId(req: Request): number | null {
  const id = req.session?.passport?.user;
  return typeof id === 'number' ? id : null;
}

/**
 * Sign-in and sign-out on top of express-session and Passport, plus a per-user index of session ids
 * (`${REDIS_PREFIX}:user-sessions:<id>`, a sorted set scored by each session's absolute end) so a
 * password reset can end every other session of that user.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger(SessionService.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly config: GatewayEnv,
  ) {}

  /**
   * Starts a signed-in session for `user` under a NEW session id (Passport regenerates the session,
   * deleting the old one: no fixation), with the lifetimes of a standard or remember-me sign-in.
   * Local login, registration and (later) Google/Apple callbacks all come through here.
   */
  async signIn(req: Request, user: AuthUser, rememberMe: boolean): Promise<void> {
    const previousUserId = sessionUserId(req);
    const previousSid = req.session ? req.sessionID : null;

    await promised((done) => req.logIn(user, { session: true, keepSessionInfo: false }, done));

    const lifetime = sessionLifetime(rememberMe);
    const absoluteExpiresAt = Date.now() + lifetime.absoluteMs;
    req.session.rememberMe = rememberMe;
    req.session.absoluteExpiresAt = absoluteExpiresAt;
    // Remember me: a persistent cookie renewed on every answer; otherwise (the regenerated session's
    // default) a cookie without Max-Age, which ends with the browser.
    if (rememberMe) req.session.cookie.maxAge = lifetime.idleMs;
    await promised((done) => req.session.save(done));

    const key = userSessionsKey(this.config.REDIS_PREFIX, user.id);
    // One transaction per key: on a Redis Cluster two users' keys sit in different slots.
    const updates: Array<Promise<unknown>> = [
      this.redis
        .multi()
        .zadd(key, absoluteExpiresAt, req.sessionID)
        .zremrangebyscore(key, '-inf', Date.now())
        .pexpire(key, SESSION_LIFETIMES.rememberMe.absoluteMs)
        .exec(),
    ];
    if (previousSid && previousUserId !== null) {
      updates.push(this.redis.zrem(userSessionsKey(this.config.REDIS_PREFIX, previousUserId), previousSid));
      // Signing in replaced that session: the sockets opened with it end too.
      updates.push(this.announceEnded([previousSid]));
    }
    await Promise.all(updates);
  }

  /**
   * Deletes the session (a replayed cookie is then signed out), ends the sockets opened with it and
   * clears the cookie.
   */
  async signOut(req: Request, res: Response): Promise<void> {
    const userId = sessionUserId(req);
    const sid = req.sessionID;
    if (req.session) await promised((done) => req.session.destroy(done));
    if (userId !== null) {
      await this.redis.zrem(userSessionsKey(this.config.REDIS_PREFIX, userId), sid);
      await this.announceEnded([sid]);
    }
    res.clearCookie(SESSION_COOKIE_NAME, sessionCookieOptions(this.config));
  }

  /** Ends every session of the user except `keepSid` (the session that asked, when it is theirs). */
  async endSessionsOf(userId: number, keepSid: string | null = null): Promise<number> {
    const key = userSessionsKey(this.config.REDIS_PREFIX, userId);
    const sids = (await this.redis.zrange(key, 0, -1)).filter((sid) => sid !== keepSid);
    if (sids.length === 0) return 0;
    const prefix = sessionKeyPrefix(this.config.REDIS_PREFIX);
    // Key by key: sessions spread over a Redis Cluster's slots. Sessions go first, so a failure
    // leaves them listed and a retry ends them.
    await Promise.all(sids.map((sid) => this.redis.del(prefix + sid)));
    await this.redis.zrem(key, ...sids);
    await this.announceEnded(sids);
    return sids.length;
  }

  /**
   * Tells every gateway to disconnect the sockets of these sessions (SocketSessions). A lost
   * message costs little: a socket whose session is gone can follow no new question, and the
   * gateways' sweep ends it within SOCKET_SESSION_SWEEP_MS.
   */
  private async announceEnded(sids: readonly string[]): Promise<void> {
    try {
      await this.redis.publish(sessionsEndedChannel(this.config.REDIS_PREFIX), JSON.stringify(sids));
    } catch (error) {
      this.logger.warn(`Could not announce ended sessions: ${errorMessage(error)}`);
    }
  }
}
