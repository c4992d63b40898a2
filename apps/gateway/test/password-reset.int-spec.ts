import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { type TestGateway, nextIp, sessionCookieOf, startTestGateway, waitFor } from './accounts.helpers';

const PUBLIC_URL = 'http://council.test:8080';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The text/plain part of a raw MIME message, quoted-printable decoded (no mailparser needed). */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((each) => /content-type:\s*text\/plain/i.test(each)) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  let body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

function resetLinkIn(raw: string): string {
  const link = /(https?:\/\/\S+\/auth\?token=[A-Za-z0-9_-]+)/.exec(plainText(raw))?.[1];
  if (!link) throw new Error(`no reset link in:\n${raw}`);
  return link;
}

const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

describe('password reset (real PostgreSQL, Redis and SMTP)', () => {
  let smtp: SMTPServer;
  const inbox: ReceivedMail[] = [];
  let gw: TestGateway;
  let server: Server;
  let counter = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    gw = await startTestGateway('reset', {
      PUBLIC_URL,
      TRUST_PROXY: 'loopback',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
    server = gw.app.getHttpServer() as Server;
  });

  afterAll(async () => {
    await gw?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const fresh = () => {
    counter += 1;
    const stamp = `${counter}_${Date.now() % 100000}`;
    return { username: `reset${stamp}`, password: 'old password', email: `reset${stamp}@example.com` };
  };
  const register = async (account: ReturnType<typeof fresh>) =>
    request(server).post('/api/register').set('X-Forwarded-For', nextIp()).send(account).expect(201);
  const login = (username: string, password: string) =>
    request(server).post('/api/login').set('X-Forwarded-For', nextIp()).send({ username, password });
  const forgot = (email: string, ip = nextIp()) =>
    request(server).post('/api/forgot-password').set('X-Forwarded-For', ip).send({ email });
  const reset = (body: Record<string, unknown>, ip = nextIp()) =>
    request(server).post('/api/reset-password').set('X-Forwarded-For', ip).send(body);
  const mailTo = (email: string) => waitFor(() => inbox.find((mail) => mail.to.includes(email)));

  it('answers an unknown e-mail exactly as a known one, and mails only the known one', async () => {
    const account = fresh();
    await register(account);
    const known = await forgot(account.email).expect(200);
    const unknown = await forgot(`nobody.${account.email}`).expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({
      message: "If your email exists in our system, you'll receive instructions to reset your password.",
    });
    await mailTo(account.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.some((mail) => mail.to.includes(`nobody.${account.email}`))).toBe(false);
  });

  it('mails a link on PUBLIC_URL (never the Host header) whose token works once', async () => {
    const account = fresh();
    await register(account);
    await forgot(account.email.toUpperCase())
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(200);
    const mail = await mailTo(account.email);
    expect(mail.raw).toMatch(/^Subject: Reset your Council password/m);
    expect(mail.raw).toMatch(/content-type:\s*text\/html/i);
    const link = resetLinkIn(mail.raw);
    expect(link.startsWith(`${PUBLIC_URL}/auth?token=`)).toBe(true);
    expect(mail.raw).not.toContain('evil.example');

    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Stored hashed, not as the token itself.
    const [row] = await gw.sql<{ resetPasswordToken: string; resetPasswordExpires: Date }>(
      'SELECT "resetPasswordToken", "resetPasswordExpires" FROM "users" WHERE "username" = $1',
      [account.username],
    );
    expect(row?.resetPasswordToken).toBe(createHash('sha256').update(token).digest('hex'));
    const ttl = new Date(row?.resetPasswordExpires ?? 0).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);

    const done = await reset({ token, password: 'brand new password' }).expect(200);
    expect(done.body).toEqual({ message: expect.stringContaining('reset') });
    const again = await reset({ token, password: 'another new password' }).expect(400);
    expect(again.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid or expired token',
    });

    await login(account.username, account.password).expect(401);
    await login(account.username, 'brand new password').expect(200);
    await login(account.username, 'another new password').expect(401);
  });

  it('refuses an expired token', async () => {
    const account = fresh();
    await register(account);
    await forgot(account.email).expect(200);
    const token = tokenOf(resetLinkIn((await mailTo(account.email)).raw));
    await gw.sql(
      `UPDATE "users" SET "resetPasswordExpires" = now() - interval '1 second' WHERE "username" = $1`,
      [account.username],
    );
    const res = await reset({ token, password: 'brand new password' }).expect(400);
    expect(res.body.message).toBe('Invalid or expired token');
    await login(account.username, account.password).expect(200);
  });

  it('refuses a made-up token, and an older token once a newer one was sent', async () => {
    await reset({ token: 'not-a-real-token', password: 'brand new password' }).expect(400);
    const account = fresh();
    await register(account);
    await forgot(account.email).expect(200);
    const first = tokenOf(resetLinkIn((await mailTo(account.email)).raw));
    inbox.splice(
      inbox.findIndex((mail) => mail.to.includes(account.email)),
      1,
    );
    await forgot(account.email).expect(200);
    const second = tokenOf(resetLinkIn((await mailTo(account.email)).raw));
    expect(second).not.toBe(first);
    await reset({ token: first, password: 'brand new password' }).expect(400);
    await reset({ token: second, password: 'brand new password' }).expect(200);
  });

  it("ends the user's other sessions and keeps the resetting session if it is theirs", async () => {
    const account = fresh();
    const registered = sessionCookieOf(await register(account));
    const laptop = sessionCookieOf(await login(account.username, account.password).expect(200));
    const phone = sessionCookieOf(await login(account.username, account.password).expect(200));
    const other = fresh();
    const bystander = sessionCookieOf(await register(other));

    await forgot(account.email).expect(200);
    const token = tokenOf(resetLinkIn((await mailTo(account.email)).raw));
    await reset({ token, password: 'brand new password' }).set('Cookie', phone).expect(200);

    await request(server).get('/api/user').set('Cookie', registered).expect(401);
    await request(server).get('/api/user').set('Cookie', laptop).expect(401);
    await request(server).get('/api/user').set('Cookie', phone).expect(200);
    await request(server).get('/api/user').set('Cookie', bystander).expect(200);
  });

  it('ends every session when reset from a signed-out browser', async () => {
    const account = fresh();
    const cookie = sessionCookieOf(await register(account));
    await forgot(account.email).expect(200);
    const token = tokenOf(resetLinkIn((await mailTo(account.email)).raw));
    await reset({ token, password: 'brand new password' }).expect(200);
    await request(server).get('/api/user').set('Cookie', cookie).expect(401);
  });

  it('uses the token once even when two resets race with it', async () => {
    const account = fresh();
    await register(account);
    await forgot(account.email).expect(200);
    const token = tokenOf(resetLinkIn((await mailTo(account.email)).raw));
    const results = await Promise.all([
      reset({ token, password: 'first new password' }),
      reset({ token, password: 'second new password' }),
      reset({ token, password: 'third new password' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 400, 400]);
  });

  it.each([
    ['/api/forgot-password', {}, 'Please enter a valid email address'],
    ['/api/forgot-password', { email: 'nope' }, 'Please enter a valid email address'],
    ['/api/reset-password', { token: 'x', password: '12345' }, 'Password must be at least 6 characters'],
    [
      '/api/reset-password',
      { token: 'x', password: 'x'.repeat(101) },
      'Password cannot exceed 100 characters',
    ],
    ['/api/reset-password', { password: '12345678' }, 'Missing password reset token'],
    ['/api/reset-password', { token: '', password: '12345678' }, 'Missing password reset token'],
  ])('%s with %j answers 400 "%s"', async (path, body, message) => {
    const res = await request(server).post(path).set('X-Forwarded-For', nextIp()).send(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message });
  });

  describe('rate limits', () => {
    it('allows 3 requests an hour per e-mail address, known or not, with 429 + Retry-After', async () => {
      for (const email of ['limited@example.com', fresh().email]) {
        for (let i = 0; i < 3; i += 1) await forgot(email).expect(200);
        const res = await forgot(email.toUpperCase()).expect(429);
        expect(res.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('allows 10 forgot-password requests an hour per IP', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i += 1) await forgot(`spray${i}.${Date.now()}@example.com`, ip).expect(200);
      await forgot(`spray-last.${Date.now()}@example.com`, ip).expect(429);
      await forgot(`spray-last.${Date.now()}@example.com`, nextIp()).expect(200);
    });

    it('allows 20 reset attempts per IP in 15 minutes', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i += 1)
        await reset({ token: `guess-${i}`, password: '12345678' }, ip).expect(400);
      const res = await reset({ token: 'guess-20', password: '12345678' }, ip).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});

describe('password reset without SMTP (offline outbox)', () => {
  it('writes the e-mail to MAIL_OUTBOX_DIR as an .eml file', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'council-outbox-'));
    const gw = await startTestGateway('outbox', { PUBLIC_URL, MAIL_OUTBOX_DIR: outbox });
    try {
      const server = gw.app.getHttpServer() as Server;
      const account = { username: 'outboxed', password: 'old password', email: 'outboxed@example.com' };
      await request(server).post('/api/register').send(account).expect(201);
      await request(server).post('/api/forgot-password').send({ email: account.email }).expect(200);
      const file = await waitFor(() => readdirSync(outbox).find((name) => name.endsWith('.eml')));
      const raw = readFileSync(join(outbox, file), 'utf8');
      expect(raw).toMatch(/^To: outboxed@example\.com/m);
      const token = tokenOf(resetLinkIn(raw));
      await request(server)
        .post('/api/reset-password')
        .send({ token, password: 'brand new password' })
        .expect(200);
      await request(server)
        .post('/api/login')
        .send({ username: 'outboxed', password: 'brand new password' })
        .expect(200);
    } finally {
      await gw.close();
    }
  });
});
