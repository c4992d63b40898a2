import { type Server } from 'node:http';
import { type NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { type TestGateway, sessionSetCookie, startTestGateway } from './accounts.helpers';

const PUBLIC_URL = 'http://council.test:8080';

describe('security: headers and request origins (real PostgreSQL and Redis)', () => {
  let gw: TestGateway;
  let server: Server;
  const account = { username: 'origin_user', password: 'correct horse', email: 'origin@example.com' };

  beforeAll(async () => {
    gw = await startTestGateway('security', { PUBLIC_URL });
    server = gw.app.getHttpServer() as Server;
    await request(server).post('/api/register').set('Origin', PUBLIC_URL).send(account).expect(201);
  });

  afterAll(async () => {
    await gw?.close();
  });

  describe('origin check on state-changing calls', () => {
    it('refuses a foreign Origin with 403 FORBIDDEN', async () => {
      const res = await request(server)
        .post('/api/login')
        .set('Origin', 'https://evil.example')
        .send({ username: account.username, password: account.password })
        .expect(403);
      expect(res.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
      expect(sessionSetCookie(res)).toBeUndefined();
    });

    it('refuses Sec-Fetch-Site: cross-site with 403, even without an Origin', async () => {
      const res = await request(server).post('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });

    it('refuses "null" origins and any spelling of the path', async () => {
      await request(server).post('/api/register').set('Origin', 'null').send({}).expect(403);
      await request(server).post('/API/Login').set('Origin', 'https://evil.example').send({}).expect(403);
      await request(server).delete('/api/questions/1').set('Origin', 'https://evil.example').expect(403);
    });

    it('never trusts the Host header: an Origin matching Host but not PUBLIC_URL is refused', async () => {
      await request(server)
        .post('/api/login')
        .set('Host', 'evil.example')
        .set('Origin', 'http://evil.example')
        .send({ username: account.username, password: account.password })
        .expect(403);
    });

    it('lets same-origin requests and requests without browser headers through', async () => {
      await request(server)
        .post('/api/login')
        .set('Origin', PUBLIC_URL)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ username: account.username, password: account.password })
        .expect(200);
      await request(server)
        .post('/api/login')
        .send({ username: account.username, password: account.password })
        .expect(200);
      // Reads are never refused.
      await request(server)
        .get('/api/health')
        .set('Origin', 'https://evil.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .expect(200);
    });

    it('does not refuse the Stripe webhook or the OAuth callbacks (they check requests their own way)', async () => {
      const webhook = await request(server)
        .post('/api/stripe/webhook')
        .set('Origin', 'https://stripe.com')
        .set('Sec-Fetch-Site', 'cross-site')
        .send({});
      expect(webhook.status).not.toBe(403);
      const callback = await request(server)
        .post('/api/auth/apple/callback')
        .set('Origin', 'https://appleid.apple.com')
        .set('Sec-Fetch-Site', 'cross-site')
        .send('state=x');
      expect(callback.status).not.toBe(403);
    });
  });

  describe('security headers', () => {
    const expectCsp = (res: request.Response) => {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self' ws://council.test:8080");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    };

    it('are on API answers, errors, the client and the docs', async () => {
      expectCsp(await request(server).get('/api/health').expect(200));
      expectCsp(await request(server).get('/api/user').expect(401));
      expectCsp(await request(server).get('/history').set('Accept', 'text/html').expect(200));
      expectCsp(await request(server).get('/api/docs').expect(200));
      expectCsp(await request(server).post('/api/login').set('Origin', 'https://evil.example').expect(403));
      const big = JSON.stringify({ text: 'x'.repeat(1_100_000) });
      expectCsp(
        await request(server)
          .post('/api/login')
          .set('Content-Type', 'application/json')
          .send(big)
          .expect(413),
      );
    });
  });

  describe('behind https', () => {
    let secure: NestExpressApplication;

    beforeAll(async () => {
      secure = await gw.startSibling({ PUBLIC_URL: 'https://council.example', TRUST_PROXY: 'loopback' });
    });

    it('marks the session cookie Secure, sends HSTS and upgrades insecure requests', async () => {
      const res = await request(secure.getHttpServer())
        .post('/api/login')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'https://council.example')
        .send({ username: account.username, password: account.password })
        .expect(200);
      const cookie = sessionSetCookie(res);
      expect(cookie?.attributes).toHaveProperty('secure');
      expect(cookie?.attributes).toHaveProperty('httponly');
      expect(cookie?.attributes.samesite?.toLowerCase()).toBe('lax');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('upgrade-insecure-requests');
      expect(csp).toContain("connect-src 'self' wss://council.example");
    });

    it('refuses its http twin as a foreign origin', async () => {
      await request(secure.getHttpServer())
        .post('/api/login')
        .set('Origin', 'http://council.example')
        .send({ username: account.username, password: account.password })
        .expect(403);
    });
  });
});
