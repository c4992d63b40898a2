import { Inject, Injectable } from '@nestjs/common';
import { type LoginDto, type RegisterDto, SERVER_MESSAGES, type SessionUser } from '@council/contracts';
import { DomainException, REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { type Request, type Response } from 'express';
import { GatewayEnv } from '../config/gateway.env';
import {
  KNOWN_LOGIN_IP_TTL_SECONDS,
  LOGIN_RATE_LIMITS,
  REGISTER_RATE_LIMIT,
} from '../rate-limit/rate-limit.constants';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { clientIp } from '../rate-limit/rate-limit.util';
import { SessionService } from '../session/session.service';
import { UsersService } from '../users/users.service';
import { type AuthUser, toSessionUser } from '../users/users.util';
import { AUTHENTICATOR, type Authenticator } from './auth.passport';

/** The keys a login attempt is counted under (usernames compared case-insensitively here). */
export function loginThrottleKeys(username: string, ip: string) {
  const account = username.trim().toLowerCase();
  return { ip, account, accountAndIp: `${account}|${ip}` };
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(AUTHENTICATOR) private readonly authenticator: Authenticator,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly config: GatewayEnv,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly rateLimit: RateLimitService,
  ) {}

  /** Creates the account and signs it in (spec §4: registration stores the returned user). */
  async register(req: Request, dto: RegisterDto): Promise<SessionUser> {
    await this.rateLimit.consume(
      { ...REGISTER_RATE_LIMIT, points: this.config.REGISTER_LIMIT_PER_HOUR },
      clientIp(req),
    );
    const user = await this.users.createLocal({
      username: dto.username,
      password: dto.password,
      email: dto.email,
      name: dto.name ?? null,
    });
    await this.sessions.signIn(req, user, false);
    return toSessionUser(user);
  }

  /**
   * Charges the attempt to the limits (LOGIN_RATE_LIMITS) before the password is verified through
   * Passport's local strategy, then signs in under a new session id. A failure keeps the points it
   * took against the IP, the account from this IP and the account (from a known IP the account's is
   * charged after the failure, never checked); a success gives the IP its point back, clears the
   * account's counters and marks this IP as known to it.
   */
  async login(req: Request, res: Response, dto: LoginDto): Promise<SessionUser> {
    const keys = loginThrottleKeys(dto.username, clientIp(req));
    const knownIp = (await this.redis.exists(this.knownIpKey(keys.accountAndIp))) === 1;
    await this.rateLimit.consumeEach([
      [LOGIN_RATE_LIMITS.perIp, keys.ip],
      [LOGIN_RATE_LIMITS.perAccountAndIp, keys.accountAndIp],
      ...(knownIp ? [] : [[LOGIN_RATE_LIMITS.perAccount, keys.account] as const]),
    ]);

    const user = await this.authenticateLocal(req, res);
    if (!user) {
      if (knownIp) await this.rateLimit.penalize(LOGIN_RATE_LIMITS.perAccount, keys.account);
      throw new DomainException('UNAUTHENTICATED', SERVER_MESSAGES.invalidCredentials);
    }

    await Promise.all([
      this.rateLimit.refund(LOGIN_RATE_LIMITS.perIp, keys.ip),
      this.rateLimit.reset(LOGIN_RATE_LIMITS.perAccountAndIp, keys.accountAndIp),
      this.rateLimit.reset(LOGIN_RATE_LIMITS.perAccount, keys.account),
      this.redis.set(this.knownIpKey(keys.accountAndIp), '1', 'EX', KNOWN_LOGIN_IP_TTL_SECONDS),
    ]);
    await this.sessions.signIn(req, user, dto.rememberMe === true);
    return toSessionUser(user);
  }

  logout(req: Request, res: Response): Promise<void> {
    return this.sessions.signOut(req, res);
  }

  private knownIpKey(accountAndIp: string): string {
    return `${this.config.REDIS_PREFIX}:login-known:${accountAndIp}`;
  }

  /** Runs Passport's local strategy on the (already validated) body: the user, or null. */
  private authenticateLocal(req: Request, res: Response): Promise<AuthUser | null> {
    return new Promise((resolve, reject) => {
      const handler = this.authenticator.authenticate(
        'local',
        { session: false },
        (error: unknown, user?: Express.User | false | null) => {
          if (error) reject(error instanceof Error ? error : new Error(String(error)));
          else resolve(user ? (user as AuthUser) : null);
        },
      ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
      handler(req, res, (error?: unknown) =>
        reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }
}
