import { type Server } from 'node:http';
import { findKeys, freePort } from '@council/testing';
import request from 'supertest';
import { SESSION_COOKIE, type TestGateway, startTestGateway } from './accounts.helpers';
import {
  FIXTURE_ACCOUNTS,
  FIXTURE_CLIENTS,
  type NavigationResult,
  type OidcProviderProcess,
  type PendingRequest,
  TestBrowser,
  startOidcProvider,
} from './oauth.helpers';

const PUBLIC_URL = 'http://council.test';
const GOOGLE_CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const APPLE_CALLBACK = `${PUBLIC_URL}/api/auth/apple/callback`;
const APPLE_USER_FIELD = JSON.stringify({ name: { firstName: 'Carol', lastName: 'Apple' } });

interface UserRow {
  id: number;
  username: string;
  email: string | null;
  name: string | null;
  authProvider: string;
  providerId: string | null;
}

describe('Google and Apple sign-in against a local OpenID provider (oidc-provider, real PostgreSQL and Redis)', () => {
  let op: OidcProviderProcess;
  let gw: TestGateway;
  let gatewayOrigin: string;

  beforeAll(async () => {
    op = await startOidcProvider(PUBLIC_URL);
    gw = await startTestGateway('oauth', {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: FIXTURE_CLIENTS.google.client_id,
      GOOGLE_CLIENT_SECRET: FIXTURE_CLIENTS.google.client_secret,
      GOOGLE_ISSUER: op.issuer,
      APPLE_CLIENT_ID: FIXTURE_CLIENTS.apple.client_id,
      APPLE_CLIENT_SECRET: FIXTURE_CLIENTS.apple.client_secret,
      APPLE_ISSUER: op.issuer,
    });
    await gw.app.listen(0, '127.0.0.1');
    const address = (gw.app.getHttpServer() as Server).address();
    if (typeof address !== 'object' || !address) throw new Error('gateway is not listening');
    gatewayOrigin = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await gw?.close();
    await op?.stop();
  });

  beforeEach(async () => {
    await op.useAccount(FIXTURE_ACCOUNTS.alice);
  });

  const newBrowser = () => new TestBrowser(PUBLIC_URL, gatewayOrigin);

  const usersOf = (providerId: string) =>
    gw.sql<UserRow>(
      `SELECT "id", "username", "email", "name", "authProvider", "providerId" FROM "users" WHERE "providerId" = $1`,
      [providerId],
    );

  const currentUser = async (browser: TestBrowser) => {
    const res = await browser.request(`${PUBLIC_URL}/api/user`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const isCallback = (pending: PendingRequest) => pending.url.startsWith(`${PUBLIC_URL}/api/auth/`);

  /** Runs a sign-in up to (not including) the request to our callback. */
  const untilCallback = async (browser: TestBrowser, provider: 'google' | 'apple', query = '') => {
    const result = await browser.navigate(`${PUBLIC_URL}/api/auth/${provider}${query}`, {
      stopBefore: isCallback,
      extraFormFields: provider === 'apple' ? { user: APPLE_USER_FIELD } : undefined,
    });
    if (!result.stopped) throw new Error(`no callback reached: ${JSON.stringify(result.hops)}`);
    return result.stopped;
  };

  const pendingKeys = () => findKeys(gw.redisClient, `${gw.redis.prefix}:oauth:*`);

  const expectNoSession = async (browser: TestBrowser) => {
    expect(browser.cookie(PUBLIC_URL, SESSION_COOKIE)).toBeUndefined();
    expect((await currentUser(browser)).status).toBe(401);
  };

  /** What GET /api/auth/providers answers on a gateway (this one or a sibling). */
  const providersOf = async (app: TestGateway['app']) => {
    const res = await request(app.getHttpServer() as Server)
      .get('/api/auth/providers')
      .expect(200);
    return res.body as unknown;
  };

  it('GET /api/auth/providers offers both configured sign-ins, in OpenAPI too', async () => {
    expect(await providersOf(gw.app)).toEqual({ google: true, apple: true });
    const docs = await request(gw.app.getHttpServer() as Server)
      .get('/api/docs-json')
      .expect(200);
    expect(Object.keys((docs.body as { paths: object }).paths)).toContain('/api/auth/providers');
  });

  describe('Google (code flow, query response)', () => {
    it('starts with state, nonce and PKCE (S256) and a SameSite=Lax binding cookie', async () => {
      const browser = newBrowser();
      const res = await browser.request(`${PUBLIC_URL}/api/auth/google`);
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const location = new URL(res.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(`${op.issuer}/auth`);
      const params = Object.fromEntries(location.searchParams);
      expect(params).toMatchObject({
        client_id: FIXTURE_CLIENTS.google.client_id,
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: GOOGLE_CALLBACK,
        code_challenge_method: 'S256',
      });
      expect(params.response_mode).toBeUndefined();
      expect(params.state).toMatch(/^[\w-]{43}$/);
      expect(params.nonce).toMatch(/^[\w-]{43}$/);
      expect(params.code_challenge).toMatch(/^[\w-]{43}$/);

      const binding = res.headers.getSetCookie().find((line) => line.startsWith('council.oauth.google='));
      expect(binding).toMatch(/; Path=\/api\/auth\/google/);
      expect(binding).toMatch(/; HttpOnly/);
      expect(binding).toMatch(/; SameSite=Lax/);
      expect(binding).toMatch(/; Max-Age=600/);
      expect(binding).not.toMatch(/Secure/);
      // The pending authorization waits in Redis for 10 minutes, not in a session.
      expect(browser.cookie(PUBLIC_URL, SESSION_COOKIE)).toBeUndefined();
      const keys = await pendingKeys();
      expect(keys.length).toBeGreaterThan(0);
      const ttls = await Promise.all(keys.map((key) => gw.redisClient.ttl(key)));
      for (const ttl of ttls) expect(ttl).toBeGreaterThan(590);
    });

    it('signs a new user in: account linked by (google, sub), unique username, working session', async () => {
      const browser = newBrowser();
      const result = await browser.navigate(`${PUBLIC_URL}/api/auth/google`);
      expect(result.url).toBe(`${PUBLIC_URL}/`);
      const callbackHop = result.hops.find((hop) => hop.url.startsWith(GOOGLE_CALLBACK));
      expect(callbackHop).toMatchObject({ method: 'GET', status: 303 });

      const [user] = await usersOf(FIXTURE_ACCOUNTS.alice);
      expect(user).toMatchObject({
        username: 'alice',
        email: 'alice@example.test',
        name: 'Alice Example',
        authProvider: 'google',
        providerId: FIXTURE_ACCOUNTS.alice,
      });
      const me = await currentUser(browser);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        username: 'alice',
        email: 'alice@example.test',
        name: 'Alice Example',
      });
    });

    it('completes sign-ins started in two tabs of one browser (one binding cookie, two states)', async () => {
      const browser = newBrowser();
      const first = await untilCallback(browser, 'google');
      const second = await untilCallback(browser, 'google');
      expect(new URL(first.url).searchParams.get('state')).not.toBe(
        new URL(second.url).searchParams.get('state'),
      );
      expect((await browser.navigate(first)).url).toBe(`${PUBLIC_URL}/`);
      expect((await browser.navigate(second)).url).toBe(`${PUBLIC_URL}/`);
      expect((await currentUser(browser)).body).toMatchObject({ username: 'alice' });
    });

    it('links a second sign-in (another browser) to the same user', async () => {
      await newBrowser().navigate(`${PUBLIC_URL}/api/auth/google`);
      const browser = newBrowser();
      const result = await browser.navigate(`${PUBLIC_URL}/api/auth/google`);
      expect(result.url).toBe(`${PUBLIC_URL}/`);
      const rows = await usersOf(FIXTURE_ACCOUNTS.alice);
      expect(rows).toHaveLength(1);
      expect((await currentUser(browser)).body).toMatchObject({ username: 'alice' });
    });

    it('never links by e-mail, and picks a free username when the natural one is taken', async () => {
      const local = await request(gw.app.getHttpServer() as Server)
        .post('/api/register')
        .send({ username: 'bob', password: 'correct horse', email: 'bob@example.test' })
        .expect(201);
      expect(local.body).toMatchObject({ username: 'bob' });

      await op.useAccount(FIXTURE_ACCOUNTS.bob);
      const browser = newBrowser();
      expect((await browser.navigate(`${PUBLIC_URL}/api/auth/google`)).url).toBe(`${PUBLIC_URL}/`);
      const [user] = await usersOf(FIXTURE_ACCOUNTS.bob);
      expect(user?.username).toMatch(/^bob_\d{3,}$/);
      // The address belongs to the local account, so the Google account does not get it.
      expect(user?.email).toBeNull();
      expect((await currentUser(browser)).body).toMatchObject({ username: user?.username, email: null });
    });

    it('on a signed-in browser, signs the Google user in under a new session id (the old one is dead)', async () => {
      const server = gw.app.getHttpServer() as Server;
      const registered = await request(server)
        .post('/api/register')
        .send({ username: 'dora_local', password: 'correct horse', email: 'dora@example.test' })
        .expect(201);
      const oldCookie = (registered.headers['set-cookie'] as unknown as string[])
        .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
        ?.split(';')[0];
      if (!oldCookie) throw new Error('no session cookie');
      const browser = newBrowser();
      browser.addCookie(PUBLIC_URL, SESSION_COOKIE, oldCookie.slice(SESSION_COOKIE.length + 1));
      expect((await currentUser(browser)).body).toMatchObject({ username: 'dora_local' });

      expect((await browser.navigate(`${PUBLIC_URL}/api/auth/google`)).url).toBe(`${PUBLIC_URL}/`);
      const newCookie = browser.cookie(PUBLIC_URL, SESSION_COOKIE);
      expect(`${SESSION_COOKIE}=${newCookie?.value}`).not.toBe(oldCookie);
      expect((await currentUser(browser)).body).toMatchObject({ username: 'alice' });
      await request(server).get('/api/user').set('Cookie', oldCookie).expect(401);
    });

    it('returns to a same-site path given at the start, and ignores one that leaves the site', async () => {
      const toPricing = await newBrowser().navigate(`${PUBLIC_URL}/api/auth/google?return=%2Fsubscription`);
      expect(toPricing.url).toBe(`${PUBLIC_URL}/subscription`);
      for (const away of ['//evil.example/x', '/.//evil.example/x', '/a/..//evil.example/x']) {
        const elsewhere = await newBrowser().navigate(
          `${PUBLIC_URL}/api/auth/google?return=${encodeURIComponent(away)}`,
        );
        expect({ away, url: elsewhere.url }).toEqual({ away, url: `${PUBLIC_URL}/` });
      }
    });

    it('refuses a callback with a wrong or missing state: oauth_state, no session', async () => {
      const browser = newBrowser();
      const callback = await untilCallback(browser, 'google');
      const forged = new URL(callback.url);
      forged.searchParams.set('state', 'x'.repeat(43));
      const result = await browser.navigate({ ...callback, url: forged.href });
      expect(result.url).toBe(`${PUBLIC_URL}/auth?error=oauth_state`);
      forged.searchParams.delete('state');
      expect((await browser.navigate({ ...callback, url: forged.href })).url).toBe(
        `${PUBLIC_URL}/auth?error=oauth_state`,
      );
      await expectNoSession(browser);
    });

    it('refuses a replayed callback (same code and state): the second one is oauth_state', async () => {
      const browser = newBrowser();
      const callback = await untilCallback(browser, 'google');
      expect((await browser.navigate(callback)).url).toBe(`${PUBLIC_URL}/`);
      const firstSession = browser.cookie(PUBLIC_URL, SESSION_COOKIE)?.value;

      const replay = await browser.navigate(callback);
      expect(replay.url).toBe(`${PUBLIC_URL}/auth?error=oauth_state`);
      // The replay signed nobody in anew: the session is the first callback's.
      expect(browser.cookie(PUBLIC_URL, SESSION_COOKIE)?.value).toBe(firstSession);

      // An attacker's browser replaying it gets nothing either.
      const attacker = newBrowser();
      expect((await attacker.navigate(callback)).url).toBe(`${PUBLIC_URL}/auth?error=oauth_state`);
      await expectNoSession(attacker);
    });

    it("refuses a callback finished in another browser (login CSRF): the state is bound to the starter's", async () => {
      const attacker = newBrowser();
      const callback = await untilCallback(attacker, 'google');
      const victim = newBrowser();
      const result = await victim.navigate(callback);
      expect(result.url).toBe(`${PUBLIC_URL}/auth?error=oauth_state`);
      await expectNoSession(victim);
    });

    it('refuses a code issued to another client (wrong audience at the token endpoint): oauth_failed', async () => {
      const browser = newBrowser();
      const start = await browser.request(`${PUBLIC_URL}/api/auth/google`);
      const ours = new URL(start.headers.get('location') ?? '');
      // The same request (our state, nonce, PKCE challenge and redirect URI) for a stranger's client:
      // the code the provider issues belongs to that client.
      const theirs = new URL(ours.href);
      theirs.searchParams.set('client_id', FIXTURE_CLIENTS.other.client_id);
      const result = await browser.navigate(theirs.href);
      expect(result.url).toBe(`${PUBLIC_URL}/auth?error=oauth_failed`);
      expect(result.hops.some((hop) => hop.url.startsWith(`${GOOGLE_CALLBACK}?code=`))).toBe(true);
      await expectNoSession(browser);
    });

    it('refuses an ID token whose audience is another client (validly signed): oauth_failed', async () => {
      const browser = newBrowser();
      const callback = await untilCallback(browser, 'google');
      await op.tamperNextIdToken({ aud: FIXTURE_CLIENTS.other.client_id });
      expect((await browser.navigate(callback)).url).toBe(`${PUBLIC_URL}/auth?error=oauth_failed`);
      await expectNoSession(browser);
    });

    it('refuses an ID token with another nonce (validly signed): oauth_failed', async () => {
      const browser = newBrowser();
      const callback = await untilCallback(browser, 'google');
      await op.tamperNextIdToken({ nonce: 'not-the-nonce-we-sent' });
      expect((await browser.navigate(callback)).url).toBe(`${PUBLIC_URL}/auth?error=oauth_failed`);
      await expectNoSession(browser);
    });

    it('turns a provider error (consent denied) into oauth_failed', async () => {
      const browser = newBrowser();
      const callback = await untilCallback(browser, 'google');
      const denied = new URL(GOOGLE_CALLBACK);
      denied.searchParams.set('error', 'access_denied');
      denied.searchParams.set('state', new URL(callback.url).searchParams.get('state') ?? '');
      denied.searchParams.set('iss', op.issuer);
      expect((await browser.navigate({ ...callback, url: denied.href })).url).toBe(
        `${PUBLIC_URL}/auth?error=oauth_failed`,
      );
      await expectNoSession(browser);
    });
  });

  describe('Apple (form_post)', () => {
    beforeEach(async () => {
      await op.useAccount(FIXTURE_ACCOUNTS.carol);
    });

    it('starts with response_mode=form_post and the scope "openid name email"', async () => {
      const res = await newBrowser().request(`${PUBLIC_URL}/api/auth/apple`);
      expect(res.status).toBe(302);
      const params = Object.fromEntries(new URL(res.headers.get('location') ?? '').searchParams);
      expect(params).toMatchObject({
        client_id: FIXTURE_CLIENTS.apple.client_id,
        response_type: 'code',
        response_mode: 'form_post',
        scope: 'openid name email',
        redirect_uri: APPLE_CALLBACK,
        code_challenge_method: 'S256',
      });
      // Over http a SameSite=None cookie cannot be Secure, so Apple's flow rests on the state alone.
      expect(res.headers.getSetCookie().some((line) => line.startsWith('council.oauth.apple='))).toBe(false);
    });

    it('signs in through a cross-site POST that carries no session cookie', async () => {
      const browser = newBrowser();
      // Signed in as someone else first: that SameSite=Lax cookie stays behind on the cross-site POST.
      await op.useAccount(FIXTURE_ACCOUNTS.alice);
      await browser.navigate(`${PUBLIC_URL}/api/auth/google`);
      expect((await currentUser(browser)).body).toMatchObject({ username: 'alice' });
      // Our one provider plays Google and Apple: forget its session, as if Apple were another site.
      browser.clearCookies(op.issuer);
      await op.useAccount(FIXTURE_ACCOUNTS.carol);

      const callback = await untilCallback(browser, 'apple');
      expect(callback).toMatchObject({ url: APPLE_CALLBACK, from: op.issuer });
      // The browser holds a session cookie, but SameSite=Lax keeps it off this cross-site POST.
      expect(browser.cookie(PUBLIC_URL, SESSION_COOKIE)?.sameSite).toBe('lax');
      expect(callback.form).toEqual(
        expect.objectContaining({
          code: expect.any(String),
          state: expect.any(String),
          user: APPLE_USER_FIELD,
        }),
      );
      const result: NavigationResult = await browser.navigate(callback);
      expect(result.url).toBe(`${PUBLIC_URL}/`);
      expect(result.hops[0]).toEqual({ method: 'POST', url: APPLE_CALLBACK, status: 303 });

      const [user] = await usersOf(FIXTURE_ACCOUNTS.carol);
      expect(user).toMatchObject({
        username: 'carol',
        email: 'carol@privaterelay.example.test',
        name: 'Carol Apple',
        authProvider: 'apple',
        providerId: FIXTURE_ACCOUNTS.carol,
      });
      expect((await currentUser(browser)).body).toMatchObject({ username: 'carol', name: 'Carol Apple' });

      // Again (the provider remembers the consent): the same account.
      expect((await newBrowser().navigate(`${PUBLIC_URL}/api/auth/apple`)).url).toBe(`${PUBLIC_URL}/`);
      expect(await usersOf(FIXTURE_ACCOUNTS.carol)).toHaveLength(1);
    });

    it('refuses a replayed or forged form_post', async () => {
      const browser = newBrowser();
      const callback = await untilCallback(browser, 'apple');
      const forged: PendingRequest = { ...callback, form: { ...callback.form, state: 'y'.repeat(43) } };
      expect((await browser.navigate(forged)).url).toBe(`${PUBLIC_URL}/auth?error=oauth_state`);
      expect((await browser.navigate(callback)).url).toBe(`${PUBLIC_URL}/`);
      expect((await newBrowser().navigate(callback)).url).toBe(`${PUBLIC_URL}/auth?error=oauth_state`);
    });

    it('refuses a wrong nonce or audience in the ID token', async () => {
      for (const claims of [{ nonce: 'someone-elses-nonce' }, { aud: FIXTURE_CLIENTS.google.client_id }]) {
        const browser = newBrowser();
        const callback = await untilCallback(browser, 'apple');
        await op.tamperNextIdToken(claims);
        expect((await browser.navigate(callback)).url).toBe(`${PUBLIC_URL}/auth?error=oauth_failed`);
        await expectNoSession(browser);
      }
    });

    it('binds Apple too when PUBLIC_URL is https: SameSite=None; Secure', async () => {
      const secure = await gw.startSibling({ PUBLIC_URL: 'https://council.test' });
      const res = await request(secure.getHttpServer() as Server)
        .get('/api/auth/apple')
        .expect(302);
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((line) =>
        line.startsWith('council.oauth.apple='),
      );
      expect(cookie).toMatch(/; Path=\/api\/auth\/apple/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=None/);
      expect(new URL(res.headers.location as string).searchParams.get('redirect_uri')).toBe(
        'https://council.test/api/auth/apple/callback',
      );
    });
  });

  describe('without a provider', () => {
    it('sends each button to the auth screen with <provider>_not_configured', async () => {
      const bare = await gw.startSibling({
        GOOGLE_CLIENT_ID: '',
        GOOGLE_CLIENT_SECRET: '',
        APPLE_CLIENT_ID: '',
        APPLE_CLIENT_SECRET: '',
      });
      expect(await providersOf(bare)).toEqual({ google: false, apple: false });
      const server = bare.getHttpServer() as Server;
      for (const provider of ['google', 'apple']) {
        const res = await request(server).get(`/api/auth/${provider}`).expect(302);
        expect(res.headers.location).toBe(`/auth?error=${provider}_not_configured`);
      }
      await request(server).get('/api/auth/google/callback?code=c&state=s').expect(303);
      const apple = await request(server)
        .post('/api/auth/apple/callback')
        .set('Origin', 'https://appleid.apple.com')
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ code: 'c', state: 's' })
        .expect(303);
      expect(apple.headers.location).toBe('/auth?error=apple_not_configured');
    });

    it('offers only the configured one: Google without Apple', async () => {
      const googleOnly = await gw.startSibling({ APPLE_CLIENT_ID: '', APPLE_CLIENT_SECRET: '' });
      expect(await providersOf(googleOnly)).toEqual({ google: true, apple: false });
      const server = googleOnly.getHttpServer() as Server;
      const apple = await request(server).get('/api/auth/apple').expect(302);
      expect(apple.headers.location).toBe('/auth?error=apple_not_configured');
      const google = await request(server).get('/api/auth/google').expect(302);
      expect(google.headers.location).toContain(`${op.issuer}/auth?`);
    });

    it('sends the button to <provider>_unavailable when discovery fails, and keeps the app up', async () => {
      const deadIssuer = `http://127.0.0.1:${await freePort()}`;
      const broken = await gw.startSibling({ GOOGLE_ISSUER: deadIssuer });
      const server = broken.getHttpServer() as Server;
      const res = await request(server).get('/api/auth/google').expect(302);
      expect(res.headers.location).toBe('/auth?error=google_unavailable');
      // Apple, on the working provider, is unaffected.
      const apple = await request(server).get('/api/auth/apple').expect(302);
      expect(apple.headers.location).toContain(`${op.issuer}/auth?`);
    });
  });
});
