// The /council Socket.IO namespace end to end: two listening gateways on one database and Redis,
// real socket.io-client connections with the session cookie, and stream entries appended with the
// workers' own QuestionStreamWriter.

import { type AddressInfo } from 'node:net';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type QuestionSubscribeAck, type StreamEntry } from '@council/contracts';
import { MetricsService, QuestionStreamWriter } from '@council/server-kit';
import {
  type CouncilClientSocket,
  onStreamEvents,
  openCouncilSocket,
  socketConnected,
  socketRefused,
} from '@council/testing';
import request from 'supertest';
import { SocketSessions } from '../src/council-stream/socket-sessions';
import { SessionService } from '../src/session/session.service';
import {
  type SignedUpUser,
  type TestGateway,
  signUpThroughApi,
  startTestGateway,
  waitFor,
} from './accounts.helpers';

const PUBLIC_URL = 'http://council.test';

interface Received {
  event: string;
  questionId: number;
  entryId: string;
  text?: string;
}

const delta = (text: string, memberOrder = 0): StreamEntry => ({
  type: 'answer:delta',
  memberOrder,
  round: 0,
  kind: 'text',
  text,
});

describe('council stream over Socket.IO (two gateways, PostgreSQL, Redis)', () => {
  let gw: TestGateway;
  let second: NestExpressApplication;
  let urls: [string, string];
  let writer: QuestionStreamWriter;
  const sockets: CouncilClientSocket[] = [];

  const urlOf = async (app: NestExpressApplication): Promise<string> => {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  };

  beforeAll(async () => {
    gw = await startTestGateway('gwstream', { PUBLIC_URL, TRUST_PROXY: 'loopback' });
    second = await gw.startSibling({});
    urls = [await urlOf(gw.app), await urlOf(second)];
    writer = new QuestionStreamWriter(gw.redisClient, gw.redis.prefix);
  }, 120_000);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await gw?.close();
  });

  const signUp = (): Promise<SignedUpUser> => signUpThroughApi(gw, 'streamer');

  const newQuestion = async (userId: number): Promise<number> => {
    const [row] = await gw.sql<{ id: number }>(
      `INSERT INTO "questions" ("userId", "question", "status") VALUES ($1, 'Streamed?', 'running') RETURNING "id"`,
      [userId],
    );
    if (!row) throw new Error('no question');
    return row.id;
  };

  const connect = (url: string, headers: Record<string, string>): CouncilClientSocket => {
    const socket = openCouncilSocket(url, headers, { forceNew: true });
    sockets.push(socket);
    return socket;
  };

  const subscribe = (
    socket: CouncilClientSocket,
    questionId: number,
    lastEntryId?: string,
  ): Promise<QuestionSubscribeAck> =>
    new Promise((resolve) => {
      socket.emit('question:subscribe', lastEntryId ? { questionId, lastEntryId } : { questionId }, resolve);
    });

  /** Everything the socket receives, in order. */
  const record = (socket: CouncilClientSocket): Received[] => {
    const received: Received[] = [];
    onStreamEvents(socket, (event) => {
      const text = 'text' in event ? event.text : undefined;
      received.push({ event: event.type, questionId: event.questionId, entryId: event.entryId, text });
    });
    return received;
  };

  const signedIn = async (url = urls[0]) => {
    const user = await signUp();
    const socket = connect(url, { Cookie: user.cookie, Origin: PUBLIC_URL });
    await socketConnected(socket);
    return { user, socket };
  };

  it('refuses a handshake without a session, and one from a foreign origin', async () => {
    const anonymous = await socketRefused(connect(urls[0], { Origin: PUBLIC_URL }));
    expect(anonymous.message).toBe('Authentication required');
    const user = await signUp();
    await expect(
      socketRefused(connect(urls[0], { Cookie: user.cookie, Origin: 'http://evil.test' })),
    ).resolves.toBeInstanceOf(Error);
  });

  it("refuses to subscribe to another user's question, and a malformed subscription", async () => {
    const owner = await signUp();
    const questionId = await newQuestion(owner.id);
    const { socket } = await signedIn();
    expect(await subscribe(socket, questionId)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const malformed = await new Promise<QuestionSubscribeAck>((resolve) => {
      socket.emit('question:subscribe', { questionId: 'x' as unknown as number }, resolve);
    });
    expect(malformed).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('relays appended entries in order, each with its entry id and question id', async () => {
    const { user, socket } = await signedIn();
    const questionId = await newQuestion(user.id);
    const received = record(socket);
    expect(await subscribe(socket, questionId)).toEqual({ ok: true, status: 'running' });
    const ids = await writer.append(questionId, [delta('Hel'), delta('lo'), delta('!', 1)]);
    const more = await writer.append(questionId, [
      {
        type: 'answer:completed',
        memberOrder: 0,
        round: 0,
        responseId: 7,
        stoppedAtLimit: false,
        promptTokens: 1,
        completionTokens: 2,
        totalTokens: 3,
      },
      { type: 'question:completed', totalTokensUsed: 3 },
    ]);
    await waitFor(() => (received.length >= 5 ? true : undefined));
    expect(received).toEqual([
      { event: 'answer:delta', questionId, entryId: ids[0], text: 'Hel' },
      { event: 'answer:delta', questionId, entryId: ids[1], text: 'lo' },
      { event: 'answer:delta', questionId, entryId: ids[2], text: '!' },
      { event: 'answer:completed', questionId, entryId: more[0], text: undefined },
      { event: 'question:completed', questionId, entryId: more[1], text: undefined },
    ]);
  });

  it('replays exactly what came after lastEntryId, then goes on live', async () => {
    const { user, socket } = await signedIn();
    const questionId = await newQuestion(user.id);
    const ids = await writer.append(
      questionId,
      ['a', 'b', 'c', 'd', 'e'].map((text) => delta(text)),
    );
    const received = record(socket);
    expect(await subscribe(socket, questionId, ids[1])).toMatchObject({ ok: true });
    expect(received.map((entry) => entry.entryId)).toEqual(ids.slice(2));
    const live = await writer.append(questionId, [delta('f')]);
    await waitFor(() => (received.length >= 4 ? true : undefined));
    expect(received.map((entry) => entry.text)).toEqual(['c', 'd', 'e', 'f']);
    expect(received[3]?.entryId).toBe(live[0]);
  });

  it('loses and repeats nothing when a client subscribes while entries keep coming', async () => {
    const { user, socket: first } = await signedIn();
    const questionId = await newQuestion(user.id);
    // The first socket keeps the stream watched, so the second joins a moving tail.
    expect(await subscribe(first, questionId)).toMatchObject({ ok: true });
    const socket = connect(urls[0], { Cookie: user.cookie, Origin: PUBLIC_URL });
    await socketConnected(socket);
    const written: string[] = [];
    let writing = true;
    const producer = (async () => {
      for (let index = 0; writing && index < 400; index += 1) {
        written.push(...(await writer.append(questionId, [delta(String(index))])));
      }
    })();
    await waitFor(() => (written.length >= 20 ? true : undefined));
    const received = record(socket);
    expect(await subscribe(socket, questionId, written[5])).toMatchObject({ ok: true });
    await waitFor(() => (written.length >= 60 ? true : undefined));
    writing = false;
    await producer;
    const last = written[written.length - 1];
    await waitFor(() => (received.some((entry) => entry.entryId === last) ? true : undefined));
    expect(received.map((entry) => entry.entryId)).toEqual(written.slice(6));
  });

  it('relays on both gateway instances', async () => {
    const { user, socket: onFirst } = await signedIn(urls[0]);
    const onSecond = connect(urls[1], { Cookie: user.cookie, Origin: PUBLIC_URL });
    await socketConnected(onSecond);
    const questionId = await newQuestion(user.id);
    const a = record(onFirst);
    const b = record(onSecond);
    expect(await subscribe(onFirst, questionId)).toMatchObject({ ok: true });
    expect(await subscribe(onSecond, questionId)).toMatchObject({ ok: true });
    const ids = await writer.append(questionId, [
      delta('one'),
      delta('two'),
      { type: 'question:failed', error: 'boom', reason: 'error' },
    ]);
    await waitFor(() => (a.length >= 3 && b.length >= 3 ? true : undefined));
    expect(a.map((entry) => entry.entryId)).toEqual(ids);
    expect(b.map((entry) => entry.entryId)).toEqual(ids);
    expect(b.map((entry) => entry.event)).toEqual(['answer:delta', 'answer:delta', 'question:failed']);
    // The gateway's public port serves no metrics; they are on METRICS_PORT (its registry here).
    await request(second.getHttpServer()).get('/metrics').expect(404);
    const metrics = { text: await second.get(MetricsService).registry.metrics() };
    expect(metrics.text).toMatch(/^council_stream_lag_seconds_count\{[^}]*\} [1-9]/m);
  });

  it('stops relaying after question:unsubscribe', async () => {
    const { user, socket } = await signedIn();
    const questionId = await newQuestion(user.id);
    const received = record(socket);
    expect(await subscribe(socket, questionId)).toMatchObject({ ok: true });
    await writer.append(questionId, [delta('seen')]);
    await waitFor(() => (received.length >= 1 ? true : undefined));
    socket.emit('question:unsubscribe', { questionId });
    // A round trip after the unsubscribe, so the server has handled it.
    await subscribe(socket, 999_999);
    await writer.append(questionId, [delta('unseen')]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((entry) => entry.text)).toEqual(['seen']);
  });

  describe('a socket lives no longer than its session', () => {
    const disconnected = (socket: CouncilClientSocket): Promise<string> =>
      new Promise((resolve) => socket.once('disconnect', (reason) => resolve(String(reason))));
    const sessionIdsOf = (userId: number): Promise<string[]> =>
      gw.redisClient.zrange(`${gw.redis.prefix}:user-sessions:${userId}`, 0, -1);

    it('a logout through one gateway disconnects the socket on the other at once', async () => {
      const { user, socket } = await signedIn(urls[1]);
      const gone = disconnected(socket);
      await request(gw.app.getHttpServer())
        .post('/api/logout')
        .set('Cookie', user.cookie)
        .set('Origin', PUBLIC_URL)
        .expect(200);
      expect(await gone).toBe('io server disconnect');
    });

    it('ending every session of a user (a password reset) disconnects all their sockets', async () => {
      const { user, socket } = await signedIn(urls[0]);
      const other = connect(urls[1], { Cookie: user.cookie, Origin: PUBLIC_URL });
      await socketConnected(other);
      const gone = [disconnected(socket), disconnected(other)];
      expect(await gw.app.get(SessionService).endSessionsOf(user.id)).toBe(1);
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    });

    it('a socket whose session is gone follows no new question, and the sweep ends it', async () => {
      const { user, socket } = await signedIn(urls[1]);
      const questionId = await newQuestion(user.id);
      const [sid] = await sessionIdsOf(user.id);
      // Ended without an announcement (as if this gateway had missed it), or expired.
      await gw.redisClient.del(`${gw.redis.prefix}:sess:${sid}`);
      const gone = disconnected(socket);
      expect(await subscribe(socket, questionId)).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
      expect(await gone).toBe('io server disconnect');

      const { user: next, socket: idle } = await signedIn(urls[1]);
      const [nextSid] = await sessionIdsOf(next.id);
      await gw.redisClient.del(`${gw.redis.prefix}:sess:${nextSid}`);
      const idleGone = disconnected(idle);
      await second.get(SocketSessions).sweep();
      expect(await idleGone).toBe('io server disconnect');
    });

    it('a live session keeps its socket through the sweep', async () => {
      const { user, socket } = await signedIn(urls[0]);
      await gw.app.get(SocketSessions).sweep();
      const questionId = await newQuestion(user.id);
      expect(await subscribe(socket, questionId)).toEqual({ ok: true, status: 'running' });
      expect(socket.connected).toBe(true);
    });
  });
});
