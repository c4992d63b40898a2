import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { SupportMessageEntity } from '@council/db';
import { createServerApp } from '@council/server-kit';
import {
  type TestDatabase,
  type TestRedis,
  createMigratedDatabase,
  serverTestEnv,
  testRedis,
} from '@council/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { gatewayApp } from '../src/app.definition';

const CONTACT = '/api/support/contact';
const SUPPORT_EMAIL = 'help-desk@council.test';

const validMessage = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com',
  subject: 'Question about\r\nmy plan',
  message: 'Does the Max plan let me add ten agents to one council?',
};

describe('POST /api/support/contact (real PostgreSQL and Redis, mail outbox)', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let app: NestExpressApplication;
  const outbox = mkdtempSync(join(tmpdir(), 'council-outbox-'));
  const webDist = mkdtempSync(join(tmpdir(), 'council-web-')); // empty: the API alone

  const env = (overrides: Record<string, string> = {}) => ({
    ...serverTestEnv(db, redis),
    WEB_DIST_DIR: webDist,
    MAIL_OUTBOX_DIR: outbox,
    SUPPORT_EMAIL,
    // Lets each test speak from its own client address through X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    ...overrides,
  });

  const storedMessages = () =>
    app
      .get(DataSource)
      .getRepository(SupportMessageEntity)
      .find({ order: { id: 'ASC' } });
  const outboxFiles = () => readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  const post = (ip: string, body: object) =>
    request(app.getHttpServer()).post(CONTACT).set('X-Forwarded-For', ip).send(body);

  beforeAll(async () => {
    db = await createMigratedDatabase('support', { seed: false });
    redis = testRedis('support');
    ({ app } = await createServerApp(gatewayApp, env()));
    await app.init();
  });

  afterEach(async () => {
    await app.get(DataSource).getRepository(SupportMessageEntity).clear();
    for (const file of outboxFiles()) rmSync(join(outbox, file));
  });

  afterAll(async () => {
    await app?.close();
    await redis?.cleanup();
    await db?.drop();
    rmSync(outbox, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('stores a valid message and mails it to the support address, replying to the sender', async () => {
    const res = await post('198.51.100.1', validMessage).expect(201);
    expect(res.body).toEqual({ ok: true, message: 'Your message has been sent to our support team.' });

    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Question about\r\nmy plan',
      message: validMessage.message,
      userId: null,
    });

    const files = outboxFiles();
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(outbox, files[0]), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${SUPPORT_EMAIL}$`, 'm'));
    expect(eml).toMatch(/^Reply-To: ada@example\.com$/m);
    // A line break typed into the subject never reaches the mail headers.
    expect(eml).toMatch(/^Subject: \[Council support\] Question about my plan$/m);
    expect(eml).toContain(`#${rows[0].id}`);
    expect(eml).toContain('Ada Lovelace <ada@example.com>');
    expect(eml).toContain(validMessage.message);
  });

  it("records a signed-in sender's account with the message", async () => {
    const register = await request(app.getHttpServer())
      .post('/api/register')
      .send({ username: 'ada_l', email: 'ada.l@example.com', password: 'analytical-engine-1' })
      .expect(201);
    const cookie = register.get('Set-Cookie') ?? [];
    const [account] = (await app
      .get(DataSource)
      .query(`SELECT "id" FROM "users" WHERE "username" = 'ada_l'`)) as Array<{ id: number }>;
    await request(app.getHttpServer())
      .post(CONTACT)
      .set('X-Forwarded-For', '198.51.100.9')
      .set('Cookie', cookie)
      .send(validMessage)
      .expect(201);
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(account?.id);
    const eml = readFileSync(join(outbox, outboxFiles()[0]!), 'utf8');
    expect(eml).toContain(`Account:  user #${account?.id}`);
  });

  it('answers 400 with every field message and stores nothing for an invalid message', async () => {
    const res = await post('198.51.100.2', {
      name: ' ',
      email: 'not-an-email',
      subject: '',
      message: '\n',
    }).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message:
        'Name is required; Please enter a valid email address; Subject is required; Message is required',
    });

    const tooLong = await post('198.51.100.2', { ...validMessage, message: 'm'.repeat(5001) }).expect(400);
    expect(tooLong.body.message).toBe('Message cannot exceed 5000 characters');

    const extra = await post('198.51.100.2', { ...validMessage, userId: 1 }).expect(400);
    expect(extra.body.message).toBe('property userId should not exist');

    expect(await storedMessages()).toEqual([]);
    expect(outboxFiles()).toEqual([]);
  });

  it('allows 5 messages an hour per address, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) await post('203.0.113.9', validMessage).expect(201);

    const limited = await post('203.0.113.9', validMessage).expect(429);
    expect(limited.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await storedMessages()).toHaveLength(5);

    // Another address is not held back.
    await post('203.0.113.10', validMessage).expect(201);
  });

  it('answers 503 and keeps nothing when the mail server is unreachable', async () => {
    const { app: noMail } = await createServerApp(gatewayApp, env({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    await noMail.init();
    try {
      const res = await request(noMail.getHttpServer())
        .post(CONTACT)
        .set('X-Forwarded-For', '198.51.100.3')
        .send(validMessage)
        .expect(503);
      expect(res.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(await storedMessages()).toEqual([]);
    } finally {
      await noMail.close();
    }
  });
});
