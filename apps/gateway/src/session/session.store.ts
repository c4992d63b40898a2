import { type SessionData, Store } from 'express-session';
import './session.types';
import { sessionKeyPrefix } from './session.constants';
import { sessionTtlMs } from './session.util';
import { type RedisClient } from '@council/server-kit';

type Callback = (error?: unknown) => void;

/**
 * An express-session store on the gateway's existing ioredis client. We write our own ~50 lines
 * instead of connect-redis@9 because that one needs a second client library (node-redis) with its
 * own connection, reconnect policy and shutdown; this one shares the connection whose fail-fast
 * behaviour, health check and shutdown are already in place, and computes each session's TTL from
 * its idle timeout and absolute end (sessionTtlMs) rather than from the cookie.
 */
export class RedisSessionStore extends Store {
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClient,
    redisPrefix: string,
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.prefix = sessionKeyPrefix(redisPrefix);
  }

  key(sid: string): string {
    return this.prefix + sid;
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.redis.get(this.key(sid)).then(
      (raw) => callback(null, raw ? (JSON.parse(raw) as SessionData) : null),
      (error: unknown) => callback(error),
    );
  }

  override set(sid: string, session: SessionData, callback: Callback = () => undefined): void {
    const ttl = Math.ceil(sessionTtlMs(session, this.now()));
    const write =
      ttl > 0
        ? this.redis.set(this.key(sid), JSON.stringify(session), 'PX', ttl)
        : this.redis.del(this.key(sid));
    write.then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  override touch(sid: string, session: SessionData, callback: () => void = () => undefined): void {
    const ttl = Math.ceil(sessionTtlMs(session, this.now()));
    const write = ttl > 0 ? this.redis.pexpire(this.key(sid), ttl) : this.redis.del(this.key(sid));
    // express-session's touch callback takes no error: a failed touch only shortens the idle window.
    write.then(
      () => callback(),
      () => callback(),
    );
  }

  override destroy(sid: string, callback: Callback = () => undefined): void {
    this.redis.del(this.key(sid)).then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }
}
