import { type Server } from 'node:http';
import {
  registrationErrorMessage,
  REGISTRATION_ERRORS,
  loginErrorMessage,
  LOGIN_ERRORS,
} from '@council/contracts';
import request from 'supertest';
import {
  SESSION_COOKIE,
  type TestGateway,
  nextIp,
  sessionCookieOf,
  sessionIdOf,
  sessionSetCookie,
  startTestGateway,
} from './accounts.helpers';
import { UsersService } from '../src/users/users.service';

const SESSION_USER_KEYS = [
  'email',
  'name',
  'purchasedTokens',
  'queriesLeft',
  'reservedTokens',
  'stripeCustomerId',
  'subscriptionTier',
  'tokensLeft',
  'username',
];

describe('accounts: register, login, logout, sessions (real PostgreSQL and Redis)', () => {
  let gw: TestGateway;
  let server: Server;
  let userCounter = 0;

  beforeAll(async () => {
    gw = await startTestGateway('auth', { TRUST_PROXY: 'loopback' });
    server = gw.app.getHttpServer() as Server;
  });

  afterAll(async () => {
    await gw?.close();
  });

  /** Every answer of this file goes through here, so none may contain a hash. */
  const bodies: string[] = [];
  const remember = (res: request.Response): void => {
    bodies.push(res.text);
  };

  const fresh = () => {
    userCounter += 1;
    return {
      username: `user${userCounter}_${Date.now() % 100000}`,
      password: 'correct horse',
      email: `User${userCounter}.${Date.now() % 100000}@Example.com`,
    };
  };

  const register = (body: Record<string, unknown>, ip = nextIp()) =>
    request(server).post('/api/register').set('X-Forwarded-For', ip).send(body).expect(remember);
  const login = (body: Record<string, unknown>, ip = nextIp(), cookie?: string) => {
    const req = request(server).post('/api/login').set('X-Forwarded-For', ip);
    if (cookie) req.set('Cookie', cookie);
    return req.send(body).expect(remember);
  };
  const me = (cookie?: string) => {
    const req = request(server).get('/api/user');
    if (cookie) req.set('Cookie', cookie);
    return req.expect(remember);
  };

  describe('POST /api/register', () => {
    it('answers 201 with exactly the session user, signed in', async () => {
      const account = { ...fresh(), name: '  Ada Lovelace ' };
      const res = await register(account).expect(201);
      expect(Object.keys(res.body as object).sort()).toEqual(SESSION_USER_KEYS);
      expect(res.body).toEqual({
        username: account.username,
        name: 'Ada Lovelace',
        email: account.email.toLowerCase(),
        tokensLeft: 10_000,
        reservedTokens: 0,
        purchasedTokens: 0,
        subscriptionTier: 'free',
        queriesLeft: 5,
        stripeCustomerId: null,
      });
      const cookie = sessionCookieOf(res);
      const current = await me(cookie).expect(200);
      expect(current.body).toEqual(res.body);
    });

    it('stores an argon2id hash (m=19456 KiB, t=2, p=1), never the password', async () => {
      const account = fresh();
      await register(account).expect(201);
      const [row] = await gw.sql<{ password: string }>(
        'SELECT "password" FROM "users" WHERE "username" = $1',
        [account.username],
      );
      const params = /^\$argon2id\$v=19\$([^$]+)\$/.exec(row?.password ?? '')?.[1] ?? '';
      expect(Object.fromEntries(params.split(',').map((pair) => pair.split('=')))).toEqual({
        m: '19456',
        t: '2',
        p: '1',
      });
      expect(row?.password).not.toContain(account.password);
    });

    it('answers 409 "already exists" for a taken username', async () => {
      const account = fresh();
      await register(account).expect(201);
      const res = await register({ ...account, email: `other.${account.email}` }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'Username already exists' });
      expect(registrationErrorMessage(`409: ${res.text}`)).toBe(REGISTRATION_ERRORS.usernameTaken);
    });

    it('answers 409 mentioning "email" and "exists" for a taken e-mail, whatever its case', async () => {
      const account = fresh();
      await register(account).expect(201);
      const res = await register({ ...fresh(), email: account.email.toUpperCase() }).expect(409);
      expect(res.body.message).toContain('email');
      expect(res.body.message).toContain('exists');
      expect(registrationErrorMessage(`409: ${res.text}`)).toBe(REGISTRATION_ERRORS.emailTaken);
    });

    it('gives one 201 and 409s (never a 500) when the same username races', async () => {
      const account = fresh();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => register({ ...account, email: `race${i}.${account.email}` })),
      );
      const statuses = results.map((res) => res.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      for (const res of results.filter((each) => each.status === 409)) {
        expect(res.body.message).toBe('Username already exists');
      }
    });

    it.each([
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: 'x'.repeat(101) }, 'Password cannot exceed 100 characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    ])('answers 400 for %j with the spec message', async (override, message) => {
      const res = await register({ ...fresh(), ...override }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.message).toContain(message);
      // The web's §8 rule for "invalid" picks "Please check your details and try again."
      expect(registrationErrorMessage(`400: ${res.text}`)).toBe(REGISTRATION_ERRORS.invalidDetails);
    });

    it('refuses unknown fields (no mass assignment of tier or balance)', async () => {
      const res = await register({ ...fresh(), subscriptionTier: 'max', tokensLeft: 1e9 }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('POST /api/login', () => {
    it('signs in with a new HttpOnly, SameSite=Lax session cookie of ≥128 random bits (no Secure over http)', async () => {
      const account = fresh();
      await register(account).expect(201);
      const res = await login({ username: account.username, password: account.password }).expect(200);
      expect(Object.keys(res.body as object).sort()).toEqual(SESSION_USER_KEYS);
      expect(res.body.username).toBe(account.username);

      const cookie = sessionSetCookie(res);
      expect(cookie?.attributes).toHaveProperty('httponly');
      expect(cookie?.attributes.samesite?.toLowerCase()).toBe('lax');
      expect(cookie?.attributes.path).toBe('/');
      expect(cookie?.attributes).not.toHaveProperty('secure');
      // Without remember me the cookie ends with the browser.
      expect(cookie?.attributes).not.toHaveProperty('max-age');
      expect(cookie?.attributes).not.toHaveProperty('expires');
      const sid = sessionIdOf(sessionCookieOf(res));
      expect(sid.length * 6).toBeGreaterThanOrEqual(128);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('keeps the session in Redis under REDIS_PREFIX:sess: with the standard idle timeout', async () => {
      const account = fresh();
      await register(account).expect(201);
      const res = await login({ username: account.username, password: account.password }).expect(200);
      const key = `${gw.redis.prefix}:sess:${sessionIdOf(sessionCookieOf(res))}`;
      const ttl = await gw.redisClient.pttl(key);
      expect(ttl).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(2 * 3600_000);
      const stored = JSON.parse((await gw.redisClient.get(key)) ?? '{}') as Record<string, unknown>;
      expect(stored.rememberMe).toBe(false);
      expect(stored.absoluteExpiresAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
      expect(JSON.stringify(stored)).not.toContain(account.password);
    });

    it('gives remember me a persistent cookie (Expires in 30 days) and a longer idle timeout', async () => {
      const account = fresh();
      await register(account).expect(201);
      const res = await login({
        username: account.username,
        password: account.password,
        rememberMe: true,
      }).expect(200);
      const thirtyDays = 30 * 24 * 3600_000;
      const expires = (cookie: ReturnType<typeof sessionSetCookie>) =>
        new Date(cookie?.attributes.expires ?? 0).getTime();
      expect(Math.abs(expires(sessionSetCookie(res)) - (Date.now() + thirtyDays))).toBeLessThan(60_000);
      const ttl = await gw.redisClient.pttl(`${gw.redis.prefix}:sess:${sessionIdOf(sessionCookieOf(res))}`);
      expect(ttl).toBeGreaterThan(29 * 24 * 3600_000);

      // rolling: every answer renews the cookie
      const again = await me(sessionCookieOf(res)).expect(200);
      expect(expires(sessionSetCookie(again))).toBeGreaterThanOrEqual(expires(sessionSetCookie(res)));
      expect(sessionSetCookie(again)?.value).toBe(sessionSetCookie(res)?.value);
    });

    it('ends a session at its absolute lifetime, however active', async () => {
      const account = fresh();
      await register(account).expect(201);
      const res = await login({ username: account.username, password: account.password }).expect(200);
      const cookie = sessionCookieOf(res);
      const key = `${gw.redis.prefix}:sess:${sessionIdOf(cookie)}`;
      const stored = JSON.parse((await gw.redisClient.get(key)) ?? '{}') as Record<string, unknown>;
      await gw.redisClient.set(
        key,
        JSON.stringify({ ...stored, absoluteExpiresAt: Date.now() - 1000 }),
        'KEEPTTL',
      );
      await me(cookie).expect(401);
      expect(await gw.redisClient.exists(key)).toBe(0);
    });

    it('answers 401 "Invalid username or password" for a wrong password or an unknown user', async () => {
      const account = fresh();
      await register(account).expect(201);
      const wrong = await login({ username: account.username, password: 'wrong password' }).expect(401);
      const unknown = await login({
        username: `nobody_${account.username}`,
        password: 'wrong password',
      }).expect(401);
      expect(wrong.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'Invalid username or password',
      });
      expect(unknown.body).toEqual(wrong.body);
      expect(loginErrorMessage(`401: ${wrong.text}`)).toBe(LOGIN_ERRORS.invalidCredentials);
      expect(sessionSetCookie(wrong)).toBeUndefined();
    });

    it.each([
      [{ username: 'ab', password: 'long enough' }, 'Username must be at least 3 characters'],
      [{ username: 'someone', password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: 'someone' }, 'Password must be at least 6 characters'],
    ])('answers 400 for %j with the spec message', async (body, message) => {
      const res = await login(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.message).toContain(message);
    });

    it('issues a new session id on every login and kills the old one (no fixation)', async () => {
      const victim = fresh();
      const other = fresh();
      await register(victim).expect(201);
      await register(other).expect(201);
      // An attacker's valid session cookie planted in the victim's browser...
      const planted = sessionCookieOf(
        await login({ username: other.username, password: other.password }).expect(200),
      );
      // ...is replaced when the victim signs in with it.
      const res = await login(
        { username: victim.username, password: victim.password },
        nextIp(),
        planted,
      ).expect(200);
      const after = sessionCookieOf(res);
      expect(sessionIdOf(after)).not.toBe(sessionIdOf(planted));
      await me(planted).expect(401);
      expect((await me(after).expect(200)).body.username).toBe(victim.username);

      // Signing in again as the same user also rotates the id.
      const again = sessionCookieOf(
        await login({ username: victim.username, password: victim.password }, nextIp(), after).expect(200),
      );
      expect(sessionIdOf(again)).not.toBe(sessionIdOf(after));
      await me(after).expect(401);
      await me(again).expect(200);
    });

    it('ignores a session id it never issued', async () => {
      const forged = `${SESSION_COOKIE}=${encodeURIComponent('s:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.forged')}`;
      await me(forged).expect(401);
    });
  });

  describe('GET /api/user and POST /api/logout', () => {
    it('answers 401 when signed out', async () => {
      const res = await me().expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'Authentication required',
      });
      expect(sessionSetCookie(res)).toBeUndefined();
    });

    it('reflects the current balance on every call', async () => {
      const account = fresh();
      const cookie = sessionCookieOf(await register(account).expect(201));
      await gw.sql(
        'UPDATE "users" SET "tokensLeft" = 42, "purchasedTokens" = 30, "stripeCustomerId" = $2 WHERE "username" = $1',
        [account.username, 'cus_test'],
      );
      expect((await me(cookie).expect(200)).body).toMatchObject({
        tokensLeft: 42,
        reservedTokens: 0,
        purchasedTokens: 30,
        stripeCustomerId: 'cus_test',
      });
    });

    it('logs out: the session is deleted, the cookie cleared, and a replayed old cookie is 401', async () => {
      const account = fresh();
      const cookie = sessionCookieOf(await register(account).expect(201));
      const sid = sessionIdOf(cookie);
      const res = await request(server).post('/api/logout').set('Cookie', cookie).expect(200);
      expect(res.body).toEqual({ message: 'You have been successfully logged out.' });
      const cleared = sessionSetCookie(res);
      expect(cleared?.value).toBe('');
      expect(new Date(cleared?.attributes.expires ?? '').getTime()).toBeLessThan(Date.now());
      expect(await gw.redisClient.exists(`${gw.redis.prefix}:sess:${sid}`)).toBe(0);
      expect(
        await gw.redisClient.zscore(
          `${gw.redis.prefix}:user-sessions:${await userId(account.username)}`,
          sid,
        ),
      ).toBeNull();
      await me(cookie).expect(401);
    });

    it('answers 200 to a logout without a session', async () => {
      await request(server).post('/api/logout').expect(200);
    });
  });

  describe('rate limits', () => {
    it("blocks an attacker's IP after 10 failures with 429 + Retry-After, while the owner still logs in elsewhere", async () => {
      const owner = fresh();
      await register(owner).expect(201);
      const attacker = nextIp();
      for (let i = 0; i < 10; i += 1) {
        await login({ username: owner.username, password: `guess-${i}` }, attacker).expect(401);
      }
      const blocked = await login({ username: owner.username, password: 'guess-10' }, attacker).expect(429);
      expect(blocked.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Even the right password from the blocked address waits...
      await login({ username: owner.username, password: owner.password }, attacker).expect(429);
      // ...but the owner from their own address is not locked out.
      await login({ username: owner.username, password: owner.password }, nextIp()).expect(200);
    });

    it('lets no more than 10 parallel guesses from one address reach the password check', async () => {
      const owner = fresh();
      await register(owner).expect(201);
      const attacker = nextIp();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          login({ username: owner.username, password: `parallel-${i}` }, attacker).then((res) => res.status),
        ),
      );
      expect(answers.filter((status) => status === 401)).toHaveLength(10);
      expect(answers.filter((status) => status === 429)).toHaveLength(20);
      // Refused attempts took nothing from the owner's own address.
      await login({ username: owner.username, password: owner.password }, nextIp()).expect(200);
    });

    it('caps failures on one account across many IPs, but never for an IP its owner signed in from', async () => {
      const owner = fresh();
      await register(owner).expect(201);
      const home = nextIp();
      await login({ username: owner.username, password: owner.password }, home).expect(200);
      // 50 failures from 10 addresses (5 each: under the per-address limit)
      for (let i = 0; i < 50; i += 1) {
        await login({ username: owner.username, password: `spray-${i}` }, `203.0.113.${(i % 10) + 1}`).expect(
          401,
        );
      }
      const stranger = await login({ username: owner.username, password: owner.password }, nextIp()).expect(
        429,
      );
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
      await login({ username: owner.username, password: owner.password }, home).expect(200);
      // The successful login cleared the account's counter.
      await login({ username: owner.username, password: owner.password }, nextIp()).expect(200);
    });

    it('limits registrations per IP to 20 an hour', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i += 1) {
        const status = (await register(fresh(), ip)).status;
        expect(status).toBe(201);
      }
      const res = await register(fresh(), ip).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await register(fresh(), nextIp()).expect(201);
    });

    it('takes client addresses from X-Forwarded-For only behind a trusted proxy', async () => {
      const direct = await gw.startSibling({ TRUST_PROXY: '' });
      const owner = fresh();
      await register(owner).expect(201);
      for (let i = 0; i < 10; i += 1) {
        await request(direct.getHttpServer())
          .post('/api/login')
          .set('X-Forwarded-For', nextIp())
          .send({ username: owner.username, password: `guess-${i}` })
          .expect(401);
      }
      // A new X-Forwarded-For does not help: the socket address (127.0.0.1) is what counts.
      await request(direct.getHttpServer())
        .post('/api/login')
        .set('X-Forwarded-For', nextIp())
        .send({ username: owner.username, password: owner.password })
        .expect(429);
    });
  });

  describe('UsersService.findOrCreateByProvider (for Google / Apple sign-in)', () => {
    const users = () => gw.app.get(UsersService);

    it('creates an account once per (provider, subject), with a unique username and no usable password', async () => {
      const first = await users().findOrCreateByProvider('google', 'google-sub-1', {
        email: 'Grace.Hopper@Example.com',
        emailVerified: true,
        name: 'Grace Hopper',
      });
      expect(first).toMatchObject({
        username: 'grace.hopper',
        email: 'grace.hopper@example.com',
        name: 'Grace Hopper',
        authProvider: 'google',
        providerId: 'google-sub-1',
        subscriptionTier: 'free',
        queriesLeft: 5,
        tokensLeft: 10_000,
      });
      expect(first).not.toHaveProperty('password');
      const again = await users().findOrCreateByProvider('google', 'google-sub-1', { name: 'Renamed' });
      expect(again.id).toBe(first.id);

      // Same stem, another person: a suffixed username. Apple's subject space is separate.
      const second = await users().findOrCreateByProvider('apple', 'google-sub-1', {
        email: 'grace.hopper@elsewhere.example',
        emailVerified: true,
      });
      expect(second.id).not.toBe(first.id);
      expect(second.username).toMatch(/^grace\.hopper_\d{3}$/);

      // No password logs in to an external account.
      await login({ username: first.username, password: '' }).expect(400);
      await login({ username: first.username, password: 'anything at all' }).expect(401);
    });

    it('never takes over or links an e-mail that belongs to another account', async () => {
      const local = fresh();
      await register(local).expect(201);
      const external = await users().findOrCreateByProvider('google', 'google-sub-2', {
        email: local.email,
        emailVerified: true,
        name: 'Someone',
      });
      expect(external.email).toBeNull();
      const unverified = await users().findOrCreateByProvider('apple', 'apple-sub-3', {
        email: 'unverified@example.com',
        emailVerified: false,
      });
      expect(unverified.email).toBeNull();
    });

    it('gives one account to parallel first sign-ins of the same subject', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          users().findOrCreateByProvider('apple', 'apple-sub-race', { name: 'Racer' }),
        ),
      );
      expect(new Set(results.map((user) => user.id)).size).toBe(1);
    });
  });

  it('never answers with a password hash, reset token or internal id', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(
        /"(password|resetPasswordToken|resetPasswordExpires|id|stripeSubscriptionId)"/,
      );
    }
  });

  it('publishes the account calls in OpenAPI', async () => {
    const res = await request(server).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths as object)).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/register',
        '/api/login',
        '/api/logout',
        '/api/forgot-password',
        '/api/reset-password',
      ]),
    );
  });

  async function userId(username: string): Promise<number> {
    const [row] = await gw.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "username" = $1', [username]);
    if (!row) throw new Error(`no user ${username}`);
    return row.id;
  }
});
