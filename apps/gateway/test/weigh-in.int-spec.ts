// "Let me weigh in" at the edge: the note and Continue end a paused debate once, for its owner only,
// announce it on the question's stream and wake the delayed flow parent.

import { type Server } from 'node:http';
import {
  type QuestionDetail,
  type QuestionResponse,
  QUEUES,
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
  WEIGH_IN,
  decodeStreamEntry,
  finaliseJobId,
} from '@council/contracts';
import { closeBullMq, streamKeyFor } from '@council/server-kit';
import { type TestDatabase, createMigratedDatabase } from '@council/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { type TestGateway, nextIp, sessionCookieOf, startTestGateway } from './accounts.helpers';

const PUBLIC_URL = 'http://council.example';

describe('weighing in (gateway, PostgreSQL, Redis)', () => {
  let db: TestDatabase;
  let gw: TestGateway;
  let server: Server;
  let consensus: Queue;
  let userCounter = 0;

  beforeAll(async () => {
    db = await createMigratedDatabase('gwweighin', { seed: true });
    gw = await startTestGateway('gwweighin', { PUBLIC_URL, TRUST_PROXY: 'loopback' }, { db });
    server = gw.app.getHttpServer() as Server;
    consensus = new Queue(QUEUES.consensus, {
      connection: gw.redis.connection(),
      prefix: gw.redis.queuePrefix(QUEUES.consensus),
    });
  }, 120_000);

  afterAll(async () => {
    await closeBullMq(consensus);
    await gw?.close();
    await db?.drop();
  });

  const signUp = async (): Promise<{ id: number; cookie: string }> => {
    userCounter += 1;
    const username = `weigher${userCounter}_${Date.now() % 100000}`;
    const res = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', nextIp())
      .set('Origin', PUBLIC_URL)
      .send({ username, password: 'correct horse', email: `${username}@example.com` })
      .expect(201);
    const [row] = await gw.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "username" = $1', [username]);
    if (!row) throw new Error(`no user ${username}`);
    return { id: row.id, cookie: sessionCookieOf(res) };
  };

  /** A running debate of `userId`, waiting for a note after `round` (or not paused when endsInMs is null). */
  const pausedQuestion = async (userId: number, round: number, endsInMs: number | null): Promise<number> => {
    const [row] = await gw.sql<{ id: number }>(
      `INSERT INTO "questions" ("userId", "question", "status", "showDebate", "weighIn", "pausedAfterRound", "pauseEndsAt")
       VALUES ($1, 'Paused?', 'running', true, true, $2, now() + ($3::int * interval '1 millisecond'))
       RETURNING "id"`,
      [userId, endsInMs === null ? null : round, endsInMs],
    );
    if (!row) throw new Error('no question');
    return row.id;
  };

  const post = (cookie: string, path: string, body?: object) =>
    request(server).post(path).set('Origin', PUBLIC_URL).set('Cookie', cookie).send(body);

  const streamOf = async (questionId: number) =>
    (await gw.redisClient.xrange(streamKeyFor(gw.redis.prefix, questionId), '-', '+')).map(([, fields]) =>
      decodeStreamEntry(fields),
    );

  it('stores a note, ends the pause, announces both and wakes the delayed flow parent', async () => {
    const owner = await signUp();
    const id = await pausedQuestion(owner.id, 1, 60_000);
    await consensus.add(
      'consensus-finalise',
      { questionId: id },
      { jobId: finaliseJobId(id), delay: 60_000 },
    );

    const res = await post(owner.cookie, `/api/questions/${id}/notes`, { note: '  Budget is £5k.  ' }).expect(
      200,
    );
    expect(res.body as QuestionResponse).toMatchObject({
      id,
      weighIn: true,
      pausedAfterRound: null,
      pauseEndsAt: null,
    });
    expect(
      await gw.sql(`SELECT "afterRound", "note" FROM "debate_notes" WHERE "questionId" = $1`, [id]),
    ).toEqual([{ afterRound: 1, note: 'Budget is £5k.' }]);
    expect(await streamOf(id)).toEqual([
      { type: 'debate:note', round: 1, note: 'Budget is £5k.' },
      { type: 'debate:resumed', round: 1 },
    ]);
    expect(await consensus.getJobState(finaliseJobId(id))).toBe('waiting');

    // The detail page reads the note back; a second note finds the debate moved on.
    const detail = (await request(server).get(`/api/questions/${id}`).set('Cookie', owner.cookie).expect(200))
      .body as QuestionDetail;
    expect(detail.notes).toEqual([{ afterRound: 1, note: 'Budget is £5k.', createdAt: expect.any(String) }]);
    const again = await post(owner.cookie, `/api/questions/${id}/notes`, { note: 'More' }).expect(409);
    expect(again.body).toMatchObject({ message: SERVER_MESSAGES.debateNotPaused });
  });

  it('Continue ends the pause without a note', async () => {
    const owner = await signUp();
    const id = await pausedQuestion(owner.id, 0, 60_000);
    await post(owner.cookie, `/api/questions/${id}/continue`).expect(200);
    expect(await streamOf(id)).toEqual([{ type: 'debate:resumed', round: 0 }]);
    expect(await gw.sql(`SELECT 1 FROM "debate_notes" WHERE "questionId" = $1`, [id])).toEqual([]);
    await post(owner.cookie, `/api/questions/${id}/continue`).expect(409);
  });

  it('Continue takes no body or {}, and refuses any field with a 400 that names it', async () => {
    const owner = await signUp();
    const id = await pausedQuestion(owner.id, 0, 60_000);
    for (const [body, message] of [
      [{ note: 'Sneaked in' }, 'property note should not exist'],
      [{ round: 3, force: true }, 'property round should not exist; property force should not exist'],
      [[1], 'property 0 should not exist'],
    ] as const) {
      const res = await post(owner.cookie, `/api/questions/${id}/continue`, body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    // Still paused: nothing above ended it.
    expect(await streamOf(id)).toEqual([]);
    await post(owner.cookie, `/api/questions/${id}/continue`, {}).expect(200);
    expect(await streamOf(id)).toEqual([{ type: 'debate:resumed', round: 0 }]);

    // The web client posts no body and no Content-Type.
    const bare = await pausedQuestion(owner.id, 1, 60_000);
    await request(server)
      .post(`/api/questions/${bare}/continue`)
      .set('Origin', PUBLIC_URL)
      .set('Cookie', owner.cookie)
      .expect(200);
  });

  it('refuses a note when the countdown is over or there is no pause, someone else’s question, and bad notes', async () => {
    const owner = await signUp();
    const other = await signUp();
    const expired = await pausedQuestion(owner.id, 0, -1);
    await post(owner.cookie, `/api/questions/${expired}/notes`, { note: 'Late' }).expect(409);
    const never = await pausedQuestion(owner.id, 0, null);
    await post(owner.cookie, `/api/questions/${never}/continue`).expect(409);

    const paused = await pausedQuestion(owner.id, 0, 60_000);
    const foreign = await post(other.cookie, `/api/questions/${paused}/notes`, { note: 'Mine now' }).expect(
      404,
    );
    expect(foreign.body).toMatchObject({ message: SERVER_MESSAGES.questionNotFound });
    await post(other.cookie, `/api/questions/${paused}/continue`).expect(404);
    for (const [body, message] of [
      [{}, VALIDATION_MESSAGES.noteRequired],
      [{ note: '   ' }, VALIDATION_MESSAGES.noteRequired],
      [{ note: 42 }, VALIDATION_MESSAGES.noteRequired],
      [{ note: 'x'.repeat(WEIGH_IN.noteMaxLength + 1) }, VALIDATION_MESSAGES.noteTooLong],
    ] as const) {
      const res = await post(owner.cookie, `/api/questions/${paused}/notes`, body).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    await post(owner.cookie, '/api/questions/99999999999999999999/notes', { note: 'x' }).expect(400);
    // Still paused: nothing above ended it.
    const [row] = await gw.sql<{ pausedAfterRound: number | null }>(
      `SELECT "pausedAfterRound" FROM "questions" WHERE "id" = $1`,
      [paused],
    );
    expect(row?.pausedAfterRound).toBe(0);
    await request(server).post(`/api/questions/${paused}/continue`).set('Origin', PUBLIC_URL).expect(401);
  });

  it('asking with weigh-in needs debate', async () => {
    const owner = await signUp();
    const res = await post(owner.cookie, '/api/questions', { question: 'Q?', weighIn: true }).expect(400);
    expect(JSON.stringify(res.body)).toContain(VALIDATION_MESSAGES.weighInNeedsDebate);
  });
});
