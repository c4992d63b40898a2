// Sharing end to end: POST/DELETE /api/questions/{id}/share for the owner and the public
// GET /api/shared/{shareId}, on the in-process gateway with real PostgreSQL (seeded catalogue, so
// answers name their models) and Redis (the per-IP rate limit).

import { type Server } from 'node:http';
import {
  type QuestionResponse,
  REQUEST_MESSAGES,
  SERVER_MESSAGES,
  SHARE_DESCRIPTION_MAX,
  SHARE_TITLE_MAX,
  type ShareReply,
  type SharedQuestionResponse,
  type SharedResponse,
  type AgreementMapResult,
  VALIDATION_MESSAGES,
} from '@council/contracts';
import { type TestDatabase, createMigratedDatabase } from '@council/testing';
import request from 'supertest';
import { SHARED_VIEW_RATE_LIMIT } from '../src/questions/sharing/sharing.constants';
import { type TestGateway, nextIp, sessionCookieOf, startTestGateway } from './accounts.helpers';

const PUBLIC_URL = 'http://council.example';

interface Owner {
  id: number;
  cookie: string;
  username: string;
  email: string;
}

interface CatalogueMember {
  agentId: number;
  /** The agent's display name, as the Ask screen shows it (e.g. "ChatGPT"). */
  agentName: string;
  modelId: number;
  provider: string;
  modelName: string;
}

describe('sharing (gateway, PostgreSQL, Redis)', () => {
  let db: TestDatabase;
  let gw: TestGateway;
  let server: Server;
  let members: CatalogueMember[];
  let userCounter = 0;

  beforeAll(async () => {
    db = await createMigratedDatabase('gwsharing', { seed: true });
    gw = await startTestGateway('gwsharing', { PUBLIC_URL, TRUST_PROXY: 'loopback' }, { db });
    server = gw.app.getHttpServer() as Server;
    members = await gw.sql<CatalogueMember>(
      `SELECT DISTINCT ON (a."provider") a."id" AS "agentId", a."name" AS "agentName", m."id" AS "modelId",
              a."provider", m."name" AS "modelName"
         FROM "agents" a JOIN "models" m ON m."agentId" = a."id"
        ORDER BY a."provider", a."position", m."position"`,
    );
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  const signUp = async (): Promise<Owner> => {
    userCounter += 1;
    const username = `sharer${userCounter}_${Date.now() % 100000}`;
    const email = `${username}@example.com`;
    const res = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', nextIp())
      .set('Origin', PUBLIC_URL)
      .send({ username, password: 'correct horse', email, name: 'Sharing Owner' })
      .expect(201);
    const [row] = await gw.sql<{ id: number }>('SELECT "id" FROM "users" WHERE "username" = $1', [username]);
    if (!row) throw new Error(`no user ${username}`);
    return { id: row.id, cookie: sessionCookieOf(res), username, email };
  };

  const insertQuestion = async (
    owner: Owner,
    text: string,
    fields: {
      showDebate?: boolean;
      showReasoning?: boolean;
      conversationId?: number;
      tokenCap?: number;
    } = {},
  ): Promise<number> => {
    const [row] = await gw.sql<{ id: number }>(
      `INSERT INTO "questions" ("userId", "question", "status", "showDebate", "showReasoning", "totalTokensUsed",
                                "conversationId", "tokenCap")
       VALUES ($1, $2, 'completed', $3, $4, 123, $5, $6) RETURNING "id"`,
      [
        owner.id,
        text,
        fields.showDebate ?? false,
        fields.showReasoning ?? false,
        fields.conversationId ?? null,
        fields.tokenCap ?? null,
      ],
    );
    if (!row) throw new Error('question not inserted');
    // Its council: one member per seeded provider, in that order.
    for (const [order, member] of members.entries()) {
      await gw.sql(
        `INSERT INTO "question_agents" ("questionId", "agentId", "modelId", "order") VALUES ($1, $2, $3, $4)`,
        [row.id, member.agentId, member.modelId, order],
      );
    }
    return row.id;
  };

  const insertAnswer = async (
    questionId: number,
    answer: {
      memberOrder: number | null;
      round?: number;
      text: string;
      status?: string;
      error?: string | null;
      reasoning?: string | null;
      positionChanged?: boolean | null;
      debateLog?: string | null;
      agreementMap?: AgreementMapResult | null;
      stoppedAtLimit?: boolean;
    },
  ): Promise<number> => {
    const member = members[answer.memberOrder ?? 0];
    const [row] = await gw.sql<{ id: number }>(
      `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "agentId", "modelId", "status",
                                "response", "error", "reasoning", "totalTokens", "positionChanged", "debateLog",
                                "agreementMap", "stoppedAtLimit")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 42, $11, $12, $13, $14) RETURNING "id"`,
      [
        questionId,
        answer.memberOrder === null ? 'consensus' : member.provider,
        answer.memberOrder,
        answer.round ?? 0,
        member.agentId,
        member.modelId,
        answer.status ?? 'completed',
        answer.text,
        answer.error ?? null,
        answer.reasoning ?? null,
        answer.positionChanged ?? null,
        answer.debateLog ?? null,
        answer.agreementMap ? JSON.stringify(answer.agreementMap) : null,
        answer.stoppedAtLimit ?? false,
      ],
    );
    if (!row) throw new Error('answer not inserted');
    return row.id;
  };

  const share = (owner: Owner, id: number | string, body: object = {}) =>
    request(server)
      .post(`/api/questions/${id}/share`)
      .set('Origin', PUBLIC_URL)
      .set('Cookie', owner.cookie)
      .send(body);
  const revoke = (owner: Owner, id: number | string) =>
    request(server)
      .delete(`/api/questions/${id}/share`)
      .set('Origin', PUBLIC_URL)
      .set('Cookie', owner.cookie);
  /** Each public read from its own address, so the rate limit only bites in its own test. */
  const view = (shareId: string, ip = nextIp()) =>
    request(server).get(`/api/shared/${shareId}`).set('X-Forwarded-For', ip);

  const expectError = (res: request.Response, status: number, code: string, message?: string) => {
    expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
    if (message !== undefined) expect((res.body as { message?: string }).message).toBe(message);
  };

  it('documents history and sharing in the OpenAPI document', async () => {
    const doc = (await request(server).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/questions'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/questions/{id}'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(doc.paths['/api/questions/{id}/share'] ?? {}).sort()).toEqual(['delete', 'post']);
    expect(Object.keys(doc.paths['/api/shared/{shareId}'] ?? {})).toEqual(['get']);
  });

  it('needs a session to share or revoke', async () => {
    expectError(
      await request(server).post('/api/questions/1/share').set('Origin', PUBLIC_URL).send({}),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await request(server).delete('/api/questions/1/share').set('Origin', PUBLIC_URL),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('shares with the spec defaults: the question in at most 100 / 200 characters, on PUBLIC_URL, never expiring', async () => {
    const owner = await signUp();
    // 250 code points, with an emoji that must not be cut in half.
    const text = `${'a'.repeat(99)}😀${'b'.repeat(150)}`;
    const id = await insertQuestion(owner, text);
    const res = await share(owner, id).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const reply = res.body as ShareReply;
    expect(Object.keys(reply).sort()).toEqual([
      'shareDescription',
      'shareExpiresAt',
      'shareId',
      'shareTitle',
      'shareUrl',
    ]);
    // 18 random bytes, base64url: 24 URL-safe characters.
    expect(reply.shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(reply.shareUrl).toBe(`${PUBLIC_URL}/shared/${reply.shareId}`);
    // At most 100 / 200 characters with an ellipsis when cut (DECISIONS 20); no word boundary here.
    expect(reply.shareTitle).toBe(`${'a'.repeat(99)}…`);
    expect(Array.from(reply.shareTitle)).toHaveLength(SHARE_TITLE_MAX);
    expect(Array.from(reply.shareDescription)).toHaveLength(SHARE_DESCRIPTION_MAX);
    expect(reply.shareDescription).toBe(`${'a'.repeat(99)}😀${'b'.repeat(99)}…`);
    expect(reply.shareExpiresAt).toBeNull();
    const [row] = await gw.sql<{ isShared: boolean; shareId: string; shareTitle: string }>(
      'SELECT "isShared", "shareId", "shareTitle" FROM "questions" WHERE "id" = $1',
      [id],
    );
    expect(row).toEqual({ isShared: true, shareId: reply.shareId, shareTitle: reply.shareTitle });

    // A short question is its own title and description.
    const short = await insertQuestion(owner, 'Short?');
    expect((await share(owner, short, { title: '   ', description: '' }).expect(200)).body).toMatchObject({
      shareTitle: 'Short?',
      shareDescription: 'Short?',
    });
    // Each question gets its own link.
    const other = (await share(owner, short).expect(200)).body as ShareReply;
    expect(other.shareId).not.toBe(reply.shareId);
  });

  it('sharing again keeps the link and updates title, description and expiry; left out, the saved ones stay', async () => {
    const owner = await signUp();
    const id = await insertQuestion(owner, 'What is the meaning of life?');
    const first = (
      await share(owner, id, { title: 'Life', description: 'Big one', expiry: '7d' }).expect(200)
    ).body as ShareReply;
    const weekAhead = Date.now() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(Date.parse(first.shareExpiresAt ?? '') - weekAhead)).toBeLessThan(60_000);

    const longTitle = 't'.repeat(150);
    const second = (
      await share(owner, id, { title: longTitle, description: 'Updated', expiry: '1d' }).expect(200)
    ).body as ShareReply;
    expect(second).toMatchObject({ shareId: first.shareId, shareUrl: first.shareUrl, shareTitle: longTitle });
    expect(second.shareDescription).toBe('Updated');
    expect(Math.abs(Date.parse(second.shareExpiresAt ?? '') - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(
      60_000,
    );

    const third = (await share(owner, id, {}).expect(200)).body as ShareReply;
    expect(third).toMatchObject({
      shareId: first.shareId,
      shareTitle: longTitle,
      shareDescription: 'Updated',
      shareExpiresAt: null,
    });
    const page = (await view(first.shareId).expect(200)).body as SharedQuestionResponse;
    expect(page.question).toMatchObject({ shareTitle: longTitle, shareDescription: 'Updated' });

    // Two first shares at once agree on one link.
    const racing = await insertQuestion(owner, 'Race?');
    const replies = await Promise.all([share(owner, racing), share(owner, racing), share(owner, racing)]);
    const links = new Set(replies.map((res) => (res.body as ShareReply).shareId));
    expect(replies.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(links.size).toBe(1);
  });

  it('refuses bad share input with 400 and a clear message', async () => {
    const owner = await signUp();
    const id = await insertQuestion(owner, 'Validate me');
    expectError(
      await share(owner, id, { title: 'x'.repeat(201) }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.shareTitleMax,
    );
    expectError(
      await share(owner, id, { description: 'x'.repeat(1001) }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.shareDescriptionMax,
    );
    expectError(
      await share(owner, id, { expiry: '2d' }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.shareExpiryInvalid,
    );
    expectError(
      await share(owner, id, { title: 'nul \u0000 inside' }),
      400,
      'VALIDATION_FAILED',
      REQUEST_MESSAGES.nullCharacter('body.title'),
    );
    expectError(await share(owner, id, { title: 42 }), 400, 'VALIDATION_FAILED');
    expectError(await share(owner, id, { owner: 'me' }), 400, 'VALIDATION_FAILED');
    expectError(await share(owner, id, ['title']), 400, 'VALIDATION_FAILED');
    const malformed = await request(server)
      .post(`/api/questions/${id}/share`)
      .set('Origin', PUBLIC_URL)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'application/json')
      .send('{"title":');
    expectError(malformed, 400, 'MALFORMED_JSON');
    for (const bad of ['abc', '0', '99999999999']) {
      expectError(await share(owner, bad), 400, 'VALIDATION_FAILED', VALIDATION_MESSAGES.questionIdInvalid);
      expectError(await revoke(owner, bad), 400, 'VALIDATION_FAILED', VALIDATION_MESSAGES.questionIdInvalid);
    }
    const [row] = await gw.sql<{ isShared: boolean }>('SELECT "isShared" FROM "questions" WHERE "id" = $1', [
      id,
    ]);
    expect(row?.isShared).toBe(false);
  });

  it("answers 404 for another user's question or a missing one, on share and on revoke", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const id = await insertQuestion(owner, 'Mine only');
    for (const target of [id, 2_000_000_000]) {
      expectError(await share(stranger, target), 404, 'NOT_FOUND', SERVER_MESSAGES.questionNotFound);
      expectError(await revoke(stranger, target), 404, 'NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    }
    const [row] = await gw.sql<{ isShared: boolean }>('SELECT "isShared" FROM "questions" WHERE "id" = $1', [
      id,
    ]);
    expect(row?.isShared).toBe(false);
    // And a stranger cannot revoke the owner's live link.
    const link = (await share(owner, id).expect(200)).body as ShareReply;
    await revoke(stranger, id).expect(404);
    await view(link.shareId).expect(200);
  });

  it('shows the public page: final answers (latest round per member, named by its agent; consensus last with its map), the debate rounds, the cap, and nothing about the owner', async () => {
    const owner = await signUp();
    const id = await insertQuestion(owner, 'Should we debate?', {
      showDebate: true,
      showReasoning: true,
      tokenCap: 5000,
    });
    const m0r0 = await insertAnswer(id, { memberOrder: 0, round: 0, text: 'First take of member 0' });
    const m0 = await insertAnswer(id, {
      memberOrder: 0,
      round: 1,
      text: 'Final take of member 0',
      reasoning: 'Why 0',
      positionChanged: true,
    });
    // Cut by the asker's token cap: kept, and labelled on the page.
    const m1 = await insertAnswer(id, {
      memberOrder: 1,
      round: 0,
      text: 'Member 1 stands firm',
      stoppedAtLimit: true,
    });
    // Member 1's revision failed: its earlier answer is still its last word.
    await insertAnswer(id, {
      memberOrder: 1,
      round: 1,
      text: '',
      status: 'failed',
      error: 'Service Unavailable',
    });
    // Member 2 failed outright; a still-streaming row is not final either.
    await insertAnswer(id, {
      memberOrder: 2,
      round: 0,
      text: '',
      status: 'failed',
      error: 'Service Unavailable',
    });
    await insertAnswer(id, { memberOrder: 2, round: 1, text: 'half a sen', status: 'streaming' });
    const agreementMap: AgreementMapResult = {
      status: 'mapped',
      claims: [
        {
          claim: 'Debate helps.',
          stances: [
            { memberOrder: 0, stance: 'supports', reason: null, changedInRound: 1 },
            { memberOrder: 1, stance: 'opposes', reason: 'It takes too long.', changedInRound: null },
          ],
        },
      ],
    };
    const consensus = await insertAnswer(id, {
      memberOrder: null,
      round: 1,
      text: 'We agree.',
      debateLog: '### Round 1',
      agreementMap,
    });
    const shared = (
      answerId: number,
      memberOrder: number | null,
      fields: Partial<SharedResponse>,
    ): SharedResponse => ({
      id: answerId,
      provider: memberOrder === null ? 'consensus' : members[memberOrder].provider,
      agentName: memberOrder === null ? null : members[memberOrder].agentName,
      model: members[memberOrder ?? 0].modelName,
      response: '',
      reasoning: null,
      totalTokens: 42,
      memberOrder,
      round: 0,
      positionChanged: null,
      debateLog: null,
      agreementMap: null,
      stoppedAtLimit: false,
      ...fields,
    });

    await gw.sql(
      `INSERT INTO "debate_notes" ("questionId", "afterRound", "note") VALUES ($1, 0, 'Mind the budget.')`,
      [id],
    );
    const link = (await share(owner, id, { title: 'Our debate', description: 'Read this' }).expect(200))
      .body as ShareReply;
    const res = await view(link.shareId).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.body as SharedQuestionResponse;
    const turn = {
      responses: [
        shared(m0, 0, {
          response: 'Final take of member 0',
          reasoning: 'Why 0',
          round: 1,
          positionChanged: true,
        }),
        shared(m1, 1, { response: 'Member 1 stands firm', stoppedAtLimit: true }),
        shared(consensus, null, { response: 'We agree.', round: 1, debateLog: '### Round 1', agreementMap }),
      ],
      // Failed and still-streaming answers are left out of the replay too.
      rounds: [
        {
          round: 0,
          answers: [
            shared(m0r0, 0, { response: 'First take of member 0' }),
            shared(m1, 1, { response: 'Member 1 stands firm', stoppedAtLimit: true }),
          ],
        },
        {
          round: 1,
          answers: [
            shared(m0, 0, {
              response: 'Final take of member 0',
              reasoning: 'Why 0',
              round: 1,
              positionChanged: true,
            }),
          ],
        },
      ],
      // The asker's note between rounds, and nothing else about them.
      notes: [{ afterRound: 0, note: 'Mind the budget.' }],
    };
    const asked = { question: 'Should we debate?', showDebate: true, showReasoning: true, tokenCap: 5000 };
    expect(page).toEqual({
      question: { ...asked, shareTitle: 'Our debate', shareDescription: 'Read this' },
      ...turn,
      // A question without follow-ups is a conversation of one turn.
      turns: [{ question: asked, ...turn }],
    });
    // Members go by their agents' display names (ChatGPT, Claude…), never by provider.
    expect(page.responses.map((response) => response.agentName)).toEqual([
      members[0].agentName,
      members[1].agentName,
      null,
    ]);
    const raw = JSON.stringify(page);
    for (const secret of [owner.username, owner.email, 'Sharing Owner', `"userId"`, '"totalTokensUsed"']) {
      expect(raw).not.toContain(secret);
    }

    // Public: no cookie needed, and a question with no final answer yet shows an empty list.
    const empty = await insertQuestion(owner, 'Nothing yet');
    const emptyLink = (await share(owner, empty).expect(200)).body as ShareReply;
    expect(((await view(emptyLink.shareId).expect(200)).body as SharedQuestionResponse).responses).toEqual(
      [],
    );

    // Without debate there is no replay, whatever rows there are.
    const plain = await insertQuestion(owner, 'No debate here');
    await insertAnswer(plain, { memberOrder: 0, text: 'Just an answer' });
    const plainLink = (await share(owner, plain).expect(200)).body as ShareReply;
    const plainPage = (await view(plainLink.shareId).expect(200)).body as SharedQuestionResponse;
    expect(plainPage.question.tokenCap).toBeNull();
    expect(plainPage.rounds).toEqual([]);
    expect(plainPage.responses.map((response) => response.response)).toEqual(['Just an answer']);
  });

  it('shares a whole conversation: any turn shares the one link, the page shows every turn in order, revoking from any turn kills it at once', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const first = await insertQuestion(owner, 'Tea or coffee?');
    await insertAnswer(first, { memberOrder: 0, text: 'Tea.', reasoning: 'Not shown: no reasoning asked' });
    await insertAnswer(first, { memberOrder: null, text: 'Tea, mostly.' });
    // The second turn debated, with a note between its rounds.
    const second = await insertQuestion(owner, 'Green or black?', {
      showDebate: true,
      conversationId: first,
      tokenCap: 800,
    });
    const opening = await insertAnswer(second, { memberOrder: 0, round: 0, text: 'Black.' });
    const revised = await insertAnswer(second, {
      memberOrder: 0,
      round: 1,
      text: 'Green, on reflection.',
      positionChanged: true,
    });
    const debated = await insertAnswer(second, {
      memberOrder: null,
      round: 1,
      text: 'Green.',
      debateLog: '### Round 1',
    });
    await gw.sql(
      `INSERT INTO "debate_notes" ("questionId", "afterRound", "note") VALUES ($1, 0, 'Think of the morning.')`,
      [second],
    );
    // The third asked for reasoning, and still has no consensus.
    const third = await insertQuestion(owner, 'Milk?', { showReasoning: true, conversationId: first });
    await insertAnswer(third, { memberOrder: 1, text: 'No milk.', reasoning: 'It hides the taste.' });

    // A follow-up is shared as its conversation: title and description default to the first question.
    expectError(await share(stranger, third), 404, 'NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    const link = (await share(owner, third).expect(200)).body as ShareReply;
    expect(link).toMatchObject({ shareTitle: 'Tea or coffee?', shareDescription: 'Tea or coffee?' });
    // Every turn shares the same link, which lives on the first question only.
    for (const id of [first, second]) {
      expect(
        ((await share(owner, id, { title: 'Our tea talk' }).expect(200)).body as ShareReply).shareId,
      ).toBe(link.shareId);
    }
    const rows = await gw.sql<{ id: number; isShared: boolean; shareId: string | null }>(
      `SELECT "id", "isShared", "shareId" FROM "questions" WHERE "id" = ANY($1) ORDER BY "id"`,
      [[first, second, third]],
    );
    expect(rows).toEqual([
      { id: first, isShared: true, shareId: link.shareId },
      { id: second, isShared: false, shareId: null },
      { id: third, isShared: false, shareId: null },
    ]);
    // Each turn of the owner's reads the conversation's share.
    for (const id of [first, third]) {
      const detail = (
        await request(server).get(`/api/questions/${id}`).set('Cookie', owner.cookie).expect(200)
      ).body as { question: QuestionResponse };
      expect(detail.question).toMatchObject({
        id,
        isShared: true,
        shareId: link.shareId,
        shareTitle: 'Our tea talk',
      });
    }

    // Signed out: every turn, oldest first, each as its own options show it.
    const page = (await view(link.shareId).expect(200)).body as SharedQuestionResponse;
    expect(page.question).toEqual({
      question: 'Tea or coffee?',
      shareTitle: 'Our tea talk',
      shareDescription: 'Tea or coffee?',
      showDebate: false,
      showReasoning: false,
      tokenCap: null,
    });
    // Each turn carries its own cap.
    expect(page.turns.map((turn) => turn.question)).toEqual([
      { question: 'Tea or coffee?', showDebate: false, showReasoning: false, tokenCap: null },
      { question: 'Green or black?', showDebate: true, showReasoning: false, tokenCap: 800 },
      { question: 'Milk?', showDebate: false, showReasoning: true, tokenCap: null },
    ]);
    // The top level is still the first turn, as a single question's share always read.
    const [firstTurn, secondTurn, thirdTurn] = page.turns;
    const { responses, rounds, notes } = page;
    expect(firstTurn).toEqual({ question: firstTurn?.question, responses, rounds, notes });
    expect(firstTurn?.responses.map((response) => [response.response, response.reasoning])).toEqual([
      ['Tea.', null],
      ['Tea, mostly.', null],
    ]);
    expect(secondTurn?.responses.map((response) => response.id)).toEqual([revised, debated]);
    expect(secondTurn?.rounds.map((round) => round.answers.map((answer) => answer.id))).toEqual([
      [opening],
      [revised],
    ]);
    expect(secondTurn?.notes).toEqual([{ afterRound: 0, note: 'Think of the morning.' }]);
    expect(secondTurn?.responses[1]?.debateLog).toBe('### Round 1');
    expect(thirdTurn?.responses.map((response) => [response.response, response.reasoning])).toEqual([
      ['No milk.', 'It hides the taste.'],
    ]);
    expect(thirdTurn?.responses[0]?.agentName).toBe(members[1].agentName);
    expect(thirdTurn?.rounds).toEqual([]);
    const raw = JSON.stringify(page);
    for (const secret of [owner.username, owner.email, 'Sharing Owner', '"userId"', '"conversationId"']) {
      expect(raw).not.toContain(secret);
    }

    // A turn asked after sharing is on the page too.
    await insertQuestion(owner, 'Sugar?', { conversationId: first });
    const later = (await view(link.shareId).expect(200)).body as SharedQuestionResponse;
    expect(later.turns.map((turn) => turn.question.question)).toEqual([
      'Tea or coffee?',
      'Green or black?',
      'Milk?',
      'Sugar?',
    ]);

    // Revoking from a follow-up kills the conversation's link at once; a stranger cannot.
    await revoke(stranger, second).expect(404);
    await view(link.shareId).expect(200);
    const revoked = await revoke(owner, second).expect(200);
    expect(revoked.body as QuestionResponse).toMatchObject({ id: second, isShared: false, shareId: null });
    expectError(await view(link.shareId), 404, 'NOT_FOUND', SERVER_MESSAGES.sharedQuestionNotFound);
    const [firstRow] = await gw.sql<{ isShared: boolean; shareId: string | null }>(
      'SELECT "isShared", "shareId" FROM "questions" WHERE "id" = $1',
      [first],
    );
    expect(firstRow).toEqual({ isShared: false, shareId: null });
  });

  it('revoking makes the link 404 at once; sharing again makes a new link, the old one stays dead', async () => {
    const owner = await signUp();
    const id = await insertQuestion(owner, 'Revoke me');
    const first = (await share(owner, id).expect(200)).body as ShareReply;
    await view(first.shareId).expect(200);

    const res = await revoke(owner, id).expect(200);
    expect(res.body as QuestionResponse).toMatchObject({ id, isShared: false, shareId: null });
    expectError(await view(first.shareId), 404, 'NOT_FOUND', SERVER_MESSAGES.sharedQuestionNotFound);
    // Revoking again is harmless.
    await revoke(owner, id).expect(200);

    const second = (await share(owner, id).expect(200)).body as ShareReply;
    expect(second.shareId).not.toBe(first.shareId);
    await view(second.shareId).expect(200);
    await view(first.shareId).expect(404);
  });

  it('answers 404 once a link has expired, and for ids that cannot be links', async () => {
    const owner = await signUp();
    const id = await insertQuestion(owner, 'Expire me');
    const link = (await share(owner, id, { expiry: '1d' }).expect(200)).body as ShareReply;
    await view(link.shareId).expect(200);
    await gw.sql(`UPDATE "questions" SET "shareExpiresAt" = now() - interval '1 second' WHERE "id" = $1`, [
      id,
    ]);
    expectError(await view(link.shareId), 404, 'NOT_FOUND', SERVER_MESSAGES.sharedQuestionNotFound);
    // Sharing again with "never" brings the same link back.
    const again = (await share(owner, id, { expiry: 'never' }).expect(200)).body as ShareReply;
    expect(again.shareId).toBe(link.shareId);
    await view(link.shareId).expect(200);

    for (const bad of ['short', 'x'.repeat(65), 'has%20space%20in%20it%20ok', 'unknown-but-well-formed-id']) {
      expectError(await view(bad), 404, 'NOT_FOUND', SERVER_MESSAGES.sharedQuestionNotFound);
    }
    // U+0000 is refused before any route sees it, naming the parameter.
    expectError(
      await view('nul%00nul%00nul%00nul%00'),
      400,
      'VALIDATION_FAILED',
      REQUEST_MESSAGES.nullCharacter('param.shareId'),
    );
  });

  it(`rate limits the public page per IP (${SHARED_VIEW_RATE_LIMIT.points} a minute), found or not`, async () => {
    const owner = await signUp();
    const id = await insertQuestion(owner, 'Popular');
    const link = (await share(owner, id).expect(200)).body as ShareReply;
    const ip = nextIp();
    for (let index = 0; index < SHARED_VIEW_RATE_LIMIT.points; index += 1) {
      const target = index % 2 === 0 ? link.shareId : 'no-such-link-but-well-formed';
      expect((await view(target, ip)).status).toBe(index % 2 === 0 ? 200 : 404);
    }
    const refused = await view(link.shareId, ip);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    await view(link.shareId).expect(200);
  });
});
