// History end to end (GET /api/questions, GET and DELETE /api/questions/{id}): the in-process
// gateway on real PostgreSQL (seeded catalogue) and Redis, with the REAL billing app as a process so
// deleting a running question really gives its reserved tokens back. Most fixtures are written with
// SQL, so their times, councils and answers are exact.

import { type Server } from 'node:http';
import {
  type AskQuestionResult,
  type DeleteQuestionReply,
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryPage,
  PROVIDERS,
  PROVIDER_QUEUE_NAMES,
  type Provider,
  type QuestionDetail,
  questionToMarkdown,
  REQUEST_MESSAGES,
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
  jobId,
  questionCancelKey,
} from '@council/contracts';
import { closeBullMq } from '@council/server-kit';
import { type TestDatabase, createMigratedDatabase } from '@council/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { type TestGateway, signUpThroughApi, startTestGateway } from './accounts.helpers';
import {
  type BillingProcess,
  type IsolatedRedis,
  buildBilling,
  isolatedRedis,
  startBillingProcess,
} from './billing.helpers';

const PUBLIC_URL = 'http://council.test';

interface Asker {
  id: number;
  cookie: string;
  username: string;
}

interface Member {
  agentId: number;
  modelId: number;
  provider: Provider;
}

interface Fixture {
  createdAt?: string;
  /** A first question: when its conversation's latest turn was asked; createdAt unless given. */
  lastTurnAt?: string;
  /** A follow-up: its conversation's first question. */
  conversationId?: number;
  status?: string;
  showDebate?: boolean;
  showReasoning?: boolean;
  shared?: { shareId: string; expiresAt?: string | null };
  /** With its three default members (roles on the first two) and their first answers. */
  council?: boolean;
}

describe('history (gateway, billing process, PostgreSQL, Redis)', () => {
  let db: TestDatabase;
  let redis: IsolatedRedis;
  let gw: TestGateway;
  let server: Server;
  let billing: BillingProcess;
  let council: Member[];
  let roleIds: number[];

  beforeAll(async () => {
    buildBilling();
    db = await createMigratedDatabase('gwhistory', { seed: true });
    redis = await isolatedRedis('gwhistory');
    billing = await startBillingProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      ...redis.env,
      PUBLIC_URL,
    });
    gw = await startTestGateway(
      'gwhistory',
      { PUBLIC_URL, TRUST_PROXY: 'loopback', BILLING_RPC_TIMEOUT_MS: '5000', BILLING_URL: billing.url },
      { db, redis },
    );
    server = gw.app.getHttpServer() as Server;
    // The first active agent of each provider with its first model: the default council.
    council = [];
    for (const provider of PROVIDERS) {
      const [row] = await gw.sql<Member>(
        `SELECT a."id" AS "agentId", m."id" AS "modelId", a."provider"
           FROM "agents" a JOIN "models" m ON m."agentId" = a."id"
          WHERE a."isActive" AND m."isActive" AND a."provider" = $1
          ORDER BY a."position", a."id", m."position", m."id" LIMIT 1`,
        [provider],
      );
      if (!row) throw new Error(`no ${provider} agent seeded`);
      council.push(row);
    }
    roleIds = (await gw.sql<{ id: number }>('SELECT "id" FROM "roles" ORDER BY "id"')).map((row) => row.id);
  }, 300_000);

  afterAll(async () => {
    await billing?.stop();
    await gw?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  const signUp = (): Promise<Asker> => signUpThroughApi(gw, 'historian');

  const insertQuestion = async (owner: Asker, text: string, fixture: Fixture = {}): Promise<number> => {
    const [row] = await gw.sql<{ id: number }>(
      `INSERT INTO "questions" ("userId", "question", "status", "showDebate", "showReasoning", "createdAt",
                                "isShared", "shareId", "shareTitle", "shareExpiresAt", "lastTurnAt",
                                "conversationId")
       VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()), $7, $8, $9, $10,
               COALESCE($11::timestamptz, $6::timestamptz, now()), $12) RETURNING "id"`,
      [
        owner.id,
        text,
        fixture.status ?? 'completed',
        fixture.showDebate ?? false,
        fixture.showReasoning ?? false,
        fixture.createdAt ?? null,
        fixture.shared !== undefined,
        fixture.shared?.shareId ?? null,
        fixture.shared ? text.slice(0, 100) : null,
        fixture.shared?.expiresAt ?? null,
        fixture.lastTurnAt ?? null,
        fixture.conversationId ?? null,
      ],
    );
    if (!row) throw new Error('question not inserted');
    if (fixture.council) {
      for (const [order, member] of council.entries()) {
        await gw.sql(
          `INSERT INTO "question_agents" ("questionId", "agentId", "modelId", "roleId", "order")
           VALUES ($1, $2, $3, $4, $5)`,
          [row.id, member.agentId, member.modelId, order < 2 ? roleIds[order] : null, order],
        );
      }
    }
    return row.id;
  };

  /** A follow-up asked at `createdAt`, with its council, moving its conversation up as asking one does. */
  const insertFollowUp = async (
    owner: Asker,
    conversationId: number,
    text: string,
    createdAt: string,
    fixture: Fixture = {},
  ): Promise<number> => {
    const id = await insertQuestion(owner, text, { council: true, ...fixture, createdAt, conversationId });
    await gw.sql(`UPDATE "questions" SET "lastTurnAt" = $2 WHERE "id" = $1`, [conversationId, createdAt]);
    return id;
  };

  const insertAnswer = async (
    questionId: number,
    memberOrder: number | null,
    round: number,
    text: string,
  ): Promise<number> => {
    const member = memberOrder === null ? council[0] : council[memberOrder];
    const [row] = await gw.sql<{ id: number }>(
      `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "agentId", "modelId",
                                "status", "response", "totalTokens")
       VALUES ($1, $2, $3, $4, $5, $6, 'completed', $7, 10) RETURNING "id"`,
      [
        questionId,
        memberOrder === null ? 'consensus' : member.provider,
        memberOrder,
        round,
        member.agentId,
        member.modelId,
        text,
      ],
    );
    if (!row) throw new Error('answer not inserted');
    return row.id;
  };

  const list = (asker: Asker, query: Record<string, string> = {}) =>
    request(server).get('/api/questions').query(query).set('Cookie', asker.cookie);

  const expectError = (res: request.Response, status: number, code: string, message?: string) => {
    expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
    if (message !== undefined) expect((res.body as { message?: string }).message).toBe(message);
  };

  const count = async (table: string, questionId: number): Promise<number> =>
    Number(
      (
        await gw.sql<{ n: string }>(
          `SELECT count(*) AS "n" FROM "${table}" WHERE "${table === 'questions' ? 'id' : 'questionId'}" = $1`,
          [questionId],
        )
      )[0]?.n,
    );

  /** Every page of a listing, following nextCursor. */
  const allPages = async (asker: Asker, query: Record<string, string>): Promise<HistoryPage[]> => {
    const pages: HistoryPage[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(asker, cursor ? { ...query, cursor } : query).expect(200);
      const page = res.body as HistoryPage;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  };

  it('refuses visitors on every history call', async () => {
    expectError(await request(server).get('/api/questions'), 401, 'UNAUTHENTICATED');
    expectError(await request(server).get('/api/questions/1'), 401, 'UNAUTHENTICATED');
    expectError(await request(server).delete('/api/questions/1'), 401, 'UNAUTHENTICATED');
    expectError(await request(server).get('/api/questions/1/export'), 401, 'UNAUTHENTICATED');
  });

  it('answers an empty page for a user without questions', async () => {
    const asker = await signUp();
    expect((await list(asker).expect(200)).body).toEqual({ items: [], nextCursor: null });
  });

  it("lists only the user's questions, newest first, with the council nested and the badges' data", async () => {
    const owner = await signUp();
    const other = await signUp();
    const oldest = await insertQuestion(owner, 'Oldest question', { createdAt: '2026-01-01T10:00:00Z' });
    const debated = await insertQuestion(owner, 'A debated question', {
      createdAt: '2026-01-02T10:00:00Z',
      showDebate: true,
      showReasoning: true,
      council: true,
      shared: { shareId: 'history-shared-link-0001' },
    });
    const expired = await insertQuestion(owner, 'An expired share', {
      createdAt: '2026-01-03T10:00:00Z',
      shared: { shareId: 'history-expired-link-001', expiresAt: '2026-01-04T10:00:00Z' },
    });
    await insertQuestion(other, 'Not yours', { council: true });

    const res = await list(owner).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.body as HistoryPage;
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((item) => item.id)).toEqual([expired, debated, oldest]);

    const item = page.items[1];
    expect(item).toMatchObject({
      id: debated,
      question: 'A debated question',
      showDebate: true,
      showReasoning: true,
      isShared: true,
      shareId: 'history-shared-link-0001',
      status: 'completed',
      totalTokensUsed: 0,
      createdAt: '2026-01-02T10:00:00.000Z',
    });
    expect(item.questionAgents.map((member) => member.order)).toEqual([0, 1, 2]);
    for (const [order, member] of item.questionAgents.entries()) {
      expect(member).toMatchObject({
        questionId: debated,
        agentId: council[order].agentId,
        modelId: council[order].modelId,
        agent: { id: council[order].agentId, provider: council[order].provider },
        model: { id: council[order].modelId, agentId: council[order].agentId },
      });
      expect(typeof member.agent.name).toBe('string');
      expect(typeof member.model.name).toBe('string');
    }
    expect(item.questionAgents[0].role).toMatchObject({ id: roleIds[0] });
    expect(item.questionAgents[2].role).toBeNull();
    // The role prompt is how members are steered: it stays on the server.
    expect(item.questionAgents[0].role).not.toHaveProperty('prompt');
    // No council stored: the web shows "Used the default Council configuration".
    expect(page.items[2].questionAgents).toEqual([]);
    // An expired link is not "Shared" any more.
    expect(page.items[0]).toMatchObject({ isShared: false, shareId: 'history-expired-link-001' });
    expect(JSON.stringify(page)).not.toContain('Not yours');
  });

  it('pages with a cursor: no question skipped or repeated, even with equal times and a deletion between pages', async () => {
    const owner = await signUp();
    const ids: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      // Pairs share a timestamp to the microsecond, so only the id breaks the tie.
      const createdAt = `2026-02-0${1 + Math.floor(index / 2)}T08:00:00.123456Z`;
      ids.push(await insertQuestion(owner, `Paged question number ${index}`, { createdAt }));
    }
    const newestFirst = [...ids].reverse();
    // Same-microsecond pair order: the larger id first.
    const pages = await allPages(owner, { limit: '3' });
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(newestFirst);
    expect(pages[2].nextCursor).toBeNull();

    // A page that ends exactly at the last question has no next cursor.
    const exact = await allPages(owner, { limit: '7' });
    expect(exact).toHaveLength(1);
    expect(exact[0].nextCursor).toBeNull();

    // The question a cursor points at is deleted: the next page still starts right after it.
    const first = (await list(owner, { limit: '2' }).expect(200)).body as HistoryPage;
    expect(first.nextCursor).not.toBeNull();
    await request(server)
      .delete(`/api/questions/${first.items[1].id}`)
      .set('Cookie', owner.cookie)
      .expect(200);
    const second = (await list(owner, { limit: '2', cursor: first.nextCursor ?? '' }).expect(200))
      .body as HistoryPage;
    expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(2, 4));

    // Without a limit, a page holds HISTORY_PAGE_SIZE_DEFAULT questions.
    for (let index = 0; index < HISTORY_PAGE_SIZE_DEFAULT; index += 1) {
      await insertQuestion(owner, `Filler ${index}`);
    }
    const defaultPage = (await list(owner).expect(200)).body as HistoryPage;
    expect(defaultPage.items).toHaveLength(HISTORY_PAGE_SIZE_DEFAULT);
    expect(defaultPage.nextCursor).not.toBeNull();
  });

  it('searches the question text with PostgreSQL full-text search (stemming, phrases, exclusions), paged too', async () => {
    const owner = await signUp();
    const other = await signUp();
    const cats = await insertQuestion(owner, 'Why do cats purr when they are happy?', {
      createdAt: '2026-03-01T00:00:00Z',
    });
    const dogs = await insertQuestion(owner, 'Do dogs dream while sleeping?', {
      createdAt: '2026-03-02T00:00:00Z',
    });
    const both = await insertQuestion(owner, 'Are cats smarter than dogs?', {
      createdAt: '2026-03-03T00:00:00Z',
    });
    await insertQuestion(other, 'Cats of another user');

    const ids = async (search: string, extra: Record<string, string> = {}) =>
      (await allPages(owner, { search, ...extra })).flatMap((page) => page.items.map((item) => item.id));

    expect(await ids('cat')).toEqual([both, cats]);
    expect(await ids('Dreaming')).toEqual([dogs]);
    expect(await ids('cats -dogs')).toEqual([cats]);
    expect(await ids('"cats purr"')).toEqual([cats]);
    expect(await ids('cats or dream')).toEqual([both, dogs, cats]);
    expect(await ids('elephants')).toEqual([]);
    expect(await ids('cat', { limit: '1' })).toEqual([both, cats]);
    // Blank search is no filter; text of stop words or punctuation only finds nothing, without an error.
    expect(await ids('   ')).toEqual([both, dogs, cats]);
    expect(await ids('the')).toEqual([]);
    expect(await ids(`&|!:*()'"\\<->`)).toEqual([]);
    expect(await ids("O'Reilly's cats")).toEqual([]);
  });

  it('refuses bad list parameters with 400 and a clear message', async () => {
    const owner = await signUp();
    expectError(
      await list(owner, { search: 'x'.repeat(201) }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.historySearchMax,
    );
    await list(owner, { search: 'x'.repeat(200) }).expect(200);
    for (const limit of ['0', '101', 'abc', '1.5', '-1', '1e2', '']) {
      expectError(
        await list(owner, { limit }),
        400,
        'VALIDATION_FAILED',
        VALIDATION_MESSAGES.historyLimitInvalid,
      );
    }
    await list(owner, { limit: '100' }).expect(200);
    const forged = [
      'not a cursor!',
      Buffer.from('2026-01-01|1').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000000Z|0').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000000Z|99999999999').toString('base64url'),
      Buffer.from('2026-13-45T99:99:99.000000Z|5').toString('base64url'),
      // Dates JavaScript rolls over (or takes) but PostgreSQL refuses: never a 500.
      Buffer.from('2026-02-30T00:00:00.000000Z|5').toString('base64url'),
      Buffer.from('0000-01-01T00:00:00.000000Z|5').toString('base64url'),
      'x'.repeat(300),
    ];
    for (const cursor of forged) {
      expectError(
        await list(owner, { cursor }),
        400,
        'VALIDATION_FAILED',
        VALIDATION_MESSAGES.historyCursorInvalid,
      );
    }
    expectError(
      await list(owner, { search: 'a\u0000b' }),
      400,
      'VALIDATION_FAILED',
      REQUEST_MESSAGES.nullCharacter('query.search'),
    );
    expectError(await list(owner, { page: '2' }), 400, 'VALIDATION_FAILED');
    const repeated = await request(server).get('/api/questions?limit=1&limit=2').set('Cookie', owner.cookie);
    expectError(repeated, 400, 'VALIDATION_FAILED');
    const twoSearches = await request(server)
      .get('/api/questions?search=a&search=b')
      .set('Cookie', owner.cookie);
    expectError(twoSearches, 400, 'VALIDATION_FAILED', VALIDATION_MESSAGES.historySearchInvalid);
    const nested = await request(server).get('/api/questions?search[x]=a').set('Cookie', owner.cookie);
    expectError(nested, 400, 'VALIDATION_FAILED');
  });

  it('answers one question with its council and all its answers, member by member, round by round, consensus last', async () => {
    const owner = await signUp();
    const other = await signUp();
    const id = await insertQuestion(owner, 'Debate this', { showDebate: true, council: true });
    // Written out of order on purpose.
    const consensus = await insertAnswer(id, null, 1, 'Consensus');
    const m2r1 = await insertAnswer(id, 2, 1, 'Member 2, revised');
    const m0r0 = await insertAnswer(id, 0, 0, 'Member 0');
    const m2r0 = await insertAnswer(id, 2, 0, 'Member 2');
    const m1r0 = await insertAnswer(id, 1, 0, 'Member 1');
    const m0r1 = await insertAnswer(id, 0, 1, 'Member 0, revised');

    const res = await request(server).get(`/api/questions/${id}`).set('Cookie', owner.cookie).expect(200);
    const detail = res.body as QuestionDetail;
    expect(Object.keys(detail).sort()).toEqual([
      'answers',
      'conversation',
      'followUpThreadLength',
      'notes',
      'question',
    ]);
    // A question never followed up is a conversation of one turn.
    expect(detail.conversation).toEqual([
      { id, question: 'Debate this', status: 'completed', createdAt: detail.question.createdAt },
    ]);
    expect(detail.question).toMatchObject({ id, question: 'Debate this', showDebate: true });
    expect(detail.question.questionAgents).toHaveLength(3);
    expect(detail.answers.map((answer) => answer.id)).toEqual([m0r0, m0r1, m1r0, m2r0, m2r1, consensus]);
    expect(detail.answers[5]).toMatchObject({
      provider: 'consensus',
      memberOrder: null,
      response: 'Consensus',
    });

    const missing = 2_000_000_000;
    for (const path of [`/api/questions/${id}`, `/api/questions/${missing}`]) {
      expectError(
        await request(server).get(path).set('Cookie', other.cookie),
        404,
        'NOT_FOUND',
        SERVER_MESSAGES.questionNotFound,
      );
    }
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20']) {
      const res = await request(server).get(`/api/questions/${bad}`).set('Cookie', owner.cookie);
      expect({ bad, status: res.status, body: res.body as unknown }).toEqual({
        bad,
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message: VALIDATION_MESSAGES.questionIdInvalid },
      });
    }
  });

  it('exports a question as a Markdown file, for its owner only', async () => {
    const owner = await signUp();
    const other = await signUp();
    const id = await insertQuestion(owner, 'Export this?', { showDebate: true, council: true });
    await insertAnswer(id, 0, 0, 'Member 0 opens');
    await insertAnswer(id, 0, 1, 'Member 0, **revised**');
    await insertAnswer(id, 1, 0, 'Member 1');
    await insertAnswer(id, 2, 0, 'Member 2\n\n- a list');
    await insertAnswer(id, null, 1, '## Agreed answer\n\nYes.');

    const res = await request(server)
      .get(`/api/questions/${id}/export`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="council-question-${id}.md"`);
    // The file is what the detail says, through the one function that writes it.
    const detail = (await request(server).get(`/api/questions/${id}`).set('Cookie', owner.cookie).expect(200))
      .body as QuestionDetail;
    expect(res.text).toBe(questionToMarkdown(detail));
    expect(res.text).toContain('> Export this?');
    // Each member's final answer and the consensus, verbatim; a revision replaces the opening.
    for (const text of [
      'Member 0, **revised**',
      'Member 1',
      'Member 2\n\n- a list',
      '## Agreed answer\n\nYes.',
    ]) {
      expect(res.text).toContain(text);
    }
    expect(res.text).not.toContain('Member 0 opens');

    expectError(
      await request(server).get(`/api/questions/${id}/export`).set('Cookie', other.cookie),
      404,
      'NOT_FOUND',
      SERVER_MESSAGES.questionNotFound,
    );
    const bad = await request(server).get('/api/questions/abc/export').set('Cookie', owner.cookie);
    expect(bad.status).toBe(400);
  });

  it('exports a whole conversation from any of its turns: every turn in order, each with its answers and consensus', async () => {
    const owner = await signUp();
    const other = await signUp();
    const first = await insertQuestion(owner, 'Export the garden?', {
      council: true,
      createdAt: '2026-05-01T09:00:00Z',
    });
    await insertAnswer(first, 0, 0, 'Turn 1, member 0');
    await insertAnswer(first, null, 0, 'Turn 1 consensus');
    const second = await insertFollowUp(owner, first, 'Which vegetables?', '2026-05-02T09:00:00Z', {
      showDebate: true,
    });
    await insertAnswer(second, 1, 0, 'Turn 2, member 1 opens');
    await insertAnswer(second, 1, 1, 'Turn 2, member 1 **revised**');
    await insertAnswer(second, null, 1, 'Turn 2 consensus');
    const third = await insertFollowUp(owner, first, 'And in pots?', '2026-05-03T09:00:00Z');
    await insertAnswer(third, 2, 0, 'Turn 3, member 2');
    await insertAnswer(third, null, 0, 'Turn 3 consensus');

    const exported = async (id: number): Promise<string> =>
      (await request(server).get(`/api/questions/${id}/export`).set('Cookie', owner.cookie).expect(200)).text;
    const markdown = await exported(second);
    // The same file from every turn.
    expect(await exported(first)).toBe(markdown);
    expect(await exported(third)).toBe(markdown);
    expect(markdown.startsWith('# Council conversation\n\n## Question 1\n\n> Export the garden?\n')).toBe(
      true,
    );
    const inOrder = [
      '## Question 1',
      '> Export the garden?',
      'Turn 1, member 0',
      '### Consensus\n\nTurn 1 consensus',
      '## Question 2',
      '> Which vegetables?',
      'Asked on 2026-05-02, with debate.',
      'Turn 2, member 1 **revised**',
      '### Consensus\n\nTurn 2 consensus',
      '## Question 3',
      '> And in pots?',
      'Turn 3, member 2',
      '### Consensus\n\nTurn 3 consensus',
    ];
    const positions = inOrder.map((text) => markdown.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // A revision replaces its opening answer, as in a single question's file.
    expect(markdown).not.toContain('Turn 2, member 1 opens');

    expectError(
      await request(server).get(`/api/questions/${third}/export`).set('Cookie', other.cookie),
      404,
      'NOT_FOUND',
      SERVER_MESSAGES.questionNotFound,
    );
  });

  it('deletes a question with its answers, council and share link in one go; others get 404', async () => {
    const owner = await signUp();
    const other = await signUp();
    const id = await insertQuestion(owner, 'Delete me', {
      council: true,
      shared: { shareId: 'history-delete-link-0001' },
    });
    await insertAnswer(id, 0, 0, 'An answer');
    await insertAnswer(id, null, 0, 'A consensus');
    const kept = await insertQuestion(owner, 'Keep me', { council: true });
    await request(server).get('/api/shared/history-delete-link-0001').expect(200);

    expectError(
      await request(server).delete(`/api/questions/${id}`).set('Cookie', other.cookie),
      404,
      'NOT_FOUND',
    );
    expectError(
      await request(server).delete('/api/questions/abc').set('Cookie', owner.cookie),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.questionIdInvalid,
    );
    expect(await count('questions', id)).toBe(1);

    const res = await request(server).delete(`/api/questions/${id}`).set('Cookie', owner.cookie).expect(200);
    expect(res.body as DeleteQuestionReply).toEqual({ id, deleted: true });
    expect(await count('questions', id)).toBe(0);
    expect(await count('responses', id)).toBe(0);
    expect(await count('question_agents', id)).toBe(0);
    await request(server).get('/api/shared/history-delete-link-0001').expect(404);
    expectError(
      await request(server).get(`/api/questions/${id}`).set('Cookie', owner.cookie),
      404,
      'NOT_FOUND',
    );
    expectError(
      await request(server).delete(`/api/questions/${id}`).set('Cookie', owner.cookie),
      404,
      'NOT_FOUND',
    );
    // The other question and its council are untouched.
    expect(await count('question_agents', kept)).toBe(3);
    const page = (await list(owner).expect(200)).body as HistoryPage;
    expect(page.items.map((item) => item.id)).toEqual([kept]);
  });

  it('cancels a running question before deleting it: jobs removed, reserved tokens given back', async () => {
    const owner = await signUp();
    const asked = (
      await request(server)
        .post('/api/questions')
        .set('Cookie', owner.cookie)
        .send({ question: 'Still thinking?' })
        .expect(201)
    ).body as AskQuestionResult;
    const id = asked.question.id;
    const [before] = await gw.sql<{ tokensLeft: number }>(
      'SELECT "tokensLeft" FROM "users" WHERE "id" = $1',
      [owner.id],
    );
    expect(before?.tokensLeft).toBeLessThan(10_000);
    // Without a debate the question's jobs are its members' answers, on their providers' queues.
    const queues = Object.values(PROVIDER_QUEUE_NAMES).map(
      (name) => new Queue(name, { connection: redis.connection(), prefix: redis.queuePrefix(name) }),
    );
    const memberJobs = async () => {
      const found = await Promise.all(
        queues.flatMap((queue) => [0, 1, 2].map((order) => queue.getJob(jobId(id, order, 0)))),
      );
      return found.filter((job) => job !== undefined).length;
    };
    try {
      expect(await memberJobs()).toBe(3);
      await request(server).delete(`/api/questions/${id}`).set('Cookie', owner.cookie).expect(200);
      expect(await memberJobs()).toBe(0);
    } finally {
      await Promise.all(queues.map((queue) => closeBullMq(queue)));
    }
    expect(await gw.redisClient.get(questionCancelKey(redis.prefix, id))).toBe('1');
    const [after] = await gw.sql<{ tokensLeft: number }>('SELECT "tokensLeft" FROM "users" WHERE "id" = $1', [
      owner.id,
    ]);
    expect(after?.tokensLeft).toBe(10_000);
    expect(await count('questions', id)).toBe(0);
    expect(await count('question_agents', id)).toBe(0);
  });

  describe('conversations: a first question and its follow-ups are one history item', () => {
    const ids = async (asker: Asker, search: string, extra: Record<string, string> = {}) =>
      (await allPages(asker, { search, ...extra })).flatMap((page) => page.items.map((item) => item.id));

    /** How many rows each table holds for these turns. */
    const rowsOf = async (turns: readonly number[]) => {
      const counts: Record<string, number> = {};
      for (const table of ['questions', 'responses', 'question_agents']) {
        counts[table] = 0;
        for (const id of turns) counts[table] += await count(table, id);
      }
      return counts;
    };

    it("lists the first question as the title with the follow-up count, by the latest turn, with that turn's status", async () => {
      const owner = await signUp();
      const other = await signUp();
      const garden = await insertQuestion(owner, 'How do I plan a vegetable garden?', {
        createdAt: '2026-04-01T09:00:00Z',
        council: true,
      });
      const billing = await insertQuestion(owner, 'How should we split the billing service?', {
        createdAt: '2026-04-02T09:00:00Z',
        council: true,
      });
      const coffee = await insertQuestion(owner, 'Is coffee good for you?', {
        createdAt: '2026-04-03T09:00:00Z',
      });
      await insertFollowUp(owner, garden, 'Which vegetables grow in shade?', '2026-04-05T09:00:00Z');
      await insertFollowUp(owner, garden, 'And in pots?', '2026-04-06T09:00:00.5Z', { status: 'running' });
      await insertFollowUp(owner, billing, 'What about invoices?', '2026-04-04T09:00:00Z', {
        status: 'failed',
      });
      const theirs = await insertQuestion(other, 'Not yours', { council: true });
      await insertFollowUp(other, theirs, 'Not yours either', '2026-04-07T09:00:00Z');

      const page = (await list(owner).expect(200)).body as HistoryPage;
      expect(page.nextCursor).toBeNull();
      expect(
        page.items.map((item) => [
          item.id,
          item.question,
          item.followUps,
          item.lastTurnAt,
          item.status,
          item.lastTurnStatus,
        ]),
      ).toEqual([
        [garden, 'How do I plan a vegetable garden?', 2, '2026-04-06T09:00:00.500Z', 'completed', 'running'],
        [
          billing,
          'How should we split the billing service?',
          1,
          '2026-04-04T09:00:00.000Z',
          'completed',
          'failed',
        ],
        [coffee, 'Is coffee good for you?', 0, '2026-04-03T09:00:00.000Z', 'completed', 'completed'],
      ]);
      // The item is the first question: its own time, council and no conversation above it.
      expect(page.items[0]).toMatchObject({ createdAt: '2026-04-01T09:00:00.000Z', conversationId: null });
      expect(page.items[0].questionAgents.map((member) => member.questionId)).toEqual([
        garden,
        garden,
        garden,
      ]);
      const json = JSON.stringify(page);
      for (const text of ['Which vegetables', 'And in pots?', 'What about invoices?', 'Not yours']) {
        expect(json).not.toContain(text);
      }

      // Paged by the latest turn (not by when the first question was asked): nothing skipped or repeated.
      const pages = await allPages(owner, { limit: '1' });
      expect(pages.map((each) => each.items.map((item) => item.id))).toEqual([[garden], [billing], [coffee]]);
      expect(pages[2].nextCursor).toBeNull();

      // A new turn moves its conversation to the top; a conversation whose latest turn ties with
      // another's is ordered by id like any tie.
      await insertFollowUp(owner, coffee, 'How many cups a day?', '2026-04-08T09:00:00Z');
      const tied = await insertQuestion(owner, 'Asked at the same microsecond', {
        createdAt: '2026-04-08T09:00:00Z',
      });
      const reordered = await allPages(owner, { limit: '2' });
      expect(reordered.flatMap((each) => each.items.map((item) => item.id))).toEqual([
        tied,
        coffee,
        garden,
        billing,
      ]);
      expect(reordered[0].items[1]).toMatchObject({ followUps: 1, lastTurnAt: '2026-04-08T09:00:00.000Z' });
    });

    it("searches every turn's question and answers, and lists each conversation found once", async () => {
      const owner = await signUp();
      const other = await signUp();
      const billing = await insertQuestion(owner, 'How should we split the billing service?', {
        createdAt: '2026-05-01T00:00:00Z',
        council: true,
      });
      await insertAnswer(billing, 0, 0, 'Keep a modular monolith until the team grows.');
      await insertAnswer(billing, null, 0, 'Start with one deployable unit.');
      const garden = await insertQuestion(owner, 'How do I plan a vegetable garden?', {
        createdAt: '2026-05-02T00:00:00Z',
        council: true,
      });
      await insertAnswer(garden, 0, 0, 'Raised beds facing south.');
      const shade = await insertFollowUp(
        owner,
        garden,
        'Which tomatoes tolerate shade?',
        '2026-05-03T00:00:00Z',
      );
      await insertAnswer(shade, 1, 0, 'Cherry tomatoes, trained as an espalier against a wall.');
      await insertAnswer(shade, null, 0, 'Cherry tomatoes.');
      const coffee = await insertQuestion(owner, 'Is coffee good for you?', {
        createdAt: '2026-05-04T00:00:00Z',
        council: true,
      });
      await insertAnswer(coffee, 2, 0, 'The evidence is a monolith of small studies.');
      const theirs = await insertQuestion(other, 'Our architecture?', { council: true });
      await insertAnswer(theirs, 0, 0, 'A monolith, and espalier tomatoes in the shade.');

      // Only in answers (the member's and the consensus alike), newest conversation first, paged too.
      expect(await ids(owner, 'monolith')).toEqual([coffee, billing]);
      expect(await ids(owner, 'monolith', { limit: '1' })).toEqual([coffee, billing]);
      expect(await ids(owner, '"modular monolith"')).toEqual([billing]);
      expect(await ids(owner, 'deployable')).toEqual([billing]);
      // Only in a follow-up's question; only in a follow-up's answer; in both (listed once).
      expect(await ids(owner, 'shade')).toEqual([garden]);
      expect(await ids(owner, 'espalier')).toEqual([garden]);
      expect(await ids(owner, 'tomato')).toEqual([garden]);
      // Still the first question's text, stemmed.
      expect(await ids(owner, 'gardens')).toEqual([garden]);
      expect(await ids(owner, 'elephants')).toEqual([]);

      const found = (await list(owner, { search: 'espalier' }).expect(200)).body as HistoryPage;
      expect(found.items).toHaveLength(1);
      expect(found.items[0]).toMatchObject({
        id: garden,
        question: 'How do I plan a vegetable garden?',
        followUps: 1,
        lastTurnAt: '2026-05-03T00:00:00.000Z',
      });
    });

    it('deletes the whole conversation, every turn with its answers, council and share link, given any turn; others get 404', async () => {
      const owner = await signUp();
      const other = await signUp();
      const conversation = async (title: string, shareId: string): Promise<number[]> => {
        const first = await insertQuestion(owner, title, {
          council: true,
          createdAt: '2026-06-01T00:00:00Z',
          shared: { shareId },
        });
        await insertAnswer(first, 0, 0, 'First answer');
        await insertAnswer(first, null, 0, 'First consensus');
        const turns = [first];
        for (const [index, at] of ['2026-06-02T00:00:00Z', '2026-06-03T00:00:00Z'].entries()) {
          const turn = await insertFollowUp(owner, first, `${title}, follow-up ${index}`, at);
          await insertAnswer(turn, 0, 0, `Follow-up answer ${index}`);
          await insertAnswer(turn, null, 0, `Follow-up consensus ${index}`);
          turns.push(turn);
        }
        return turns;
      };
      const whole = { questions: 3, responses: 6, question_agents: 9 };
      const none = { questions: 0, responses: 0, question_agents: 0 };
      const byFollowUp = await conversation('Delete me through a follow-up', 'history-convo-link-00001');
      const byFirst = await conversation('Delete me through my first question', 'history-convo-link-00002');
      const kept = await insertQuestion(owner, 'Keep me', { council: true });
      await request(server).get('/api/shared/history-convo-link-00001').expect(200);

      for (const id of [...byFollowUp, ...byFirst]) {
        expectError(
          await request(server).delete(`/api/questions/${id}`).set('Cookie', other.cookie),
          404,
          'NOT_FOUND',
          SERVER_MESSAGES.questionNotFound,
        );
      }
      expect(await rowsOf(byFollowUp)).toEqual(whole);
      expect(await rowsOf(byFirst)).toEqual(whole);

      const followUpId = byFollowUp[1];
      const res = await request(server)
        .delete(`/api/questions/${followUpId}`)
        .set('Cookie', owner.cookie)
        .expect(200);
      expect(res.body as DeleteQuestionReply).toEqual({ id: followUpId, deleted: true });
      expect(await rowsOf(byFollowUp)).toEqual(none);
      await request(server).get('/api/shared/history-convo-link-00001').expect(404);
      for (const id of byFollowUp) {
        expectError(
          await request(server).get(`/api/questions/${id}`).set('Cookie', owner.cookie),
          404,
          'NOT_FOUND',
        );
      }
      expect(await rowsOf(byFirst)).toEqual(whole);

      const firstId = byFirst[0];
      await request(server).delete(`/api/questions/${firstId}`).set('Cookie', owner.cookie).expect(200);
      expect(await rowsOf(byFirst)).toEqual(none);
      expectError(
        await request(server).delete(`/api/questions/${byFirst[2]}`).set('Cookie', owner.cookie),
        404,
        'NOT_FOUND',
      );

      expect(await count('question_agents', kept)).toBe(3);
      const page = (await list(owner).expect(200)).body as HistoryPage;
      expect(page.items.map((item) => item.id)).toEqual([kept]);
    });

    it('cancels a running follow-up before deleting its conversation: jobs removed, reserved tokens given back', async () => {
      const owner = await signUp();
      const first = await insertQuestion(owner, 'Which queue suits our jobs?', {
        council: true,
        createdAt: '2026-07-01T00:00:00Z',
      });
      for (const order of [0, 1, 2]) await insertAnswer(first, order, 0, `Member ${order}: a queue.`);
      await insertAnswer(first, null, 0, 'A queue.');
      const asked = (
        await request(server)
          .post(`/api/questions/${first}/follow-ups`)
          .set('Cookie', owner.cookie)
          .send({ question: 'And for retries?' })
          .expect(201)
      ).body as AskQuestionResult;
      const followUpId = asked.question.id;
      expect(asked.question.conversationId).toBe(first);

      // Asking moved the conversation to its new turn, which is still running.
      const [item] = ((await list(owner).expect(200)).body as HistoryPage).items;
      expect(item).toMatchObject({
        id: first,
        question: 'Which queue suits our jobs?',
        followUps: 1,
        lastTurnStatus: asked.question.status,
      });
      expect(['pending', 'running']).toContain(item?.lastTurnStatus);
      expect(Date.parse(item?.lastTurnAt ?? '')).toBeGreaterThanOrEqual(Date.parse(asked.question.createdAt));

      const tokensLeft = async () =>
        (
          await gw.sql<{ tokensLeft: number }>('SELECT "tokensLeft" FROM "users" WHERE "id" = $1', [owner.id])
        )[0]?.tokensLeft;
      expect(await tokensLeft()).toBeLessThan(10_000);
      const queues = Object.values(PROVIDER_QUEUE_NAMES).map(
        (name) => new Queue(name, { connection: redis.connection(), prefix: redis.queuePrefix(name) }),
      );
      const memberJobs = async () => {
        const found = await Promise.all(
          queues.flatMap((queue) => [0, 1, 2].map((order) => queue.getJob(jobId(followUpId, order, 0)))),
        );
        return found.filter((job) => job !== undefined).length;
      };
      try {
        expect(await memberJobs()).toBe(3);
        await request(server).delete(`/api/questions/${first}`).set('Cookie', owner.cookie).expect(200);
        expect(await memberJobs()).toBe(0);
      } finally {
        await Promise.all(queues.map((queue) => closeBullMq(queue)));
      }
      expect(await gw.redisClient.get(questionCancelKey(redis.prefix, followUpId))).toBe('1');
      expect(await tokensLeft()).toBe(10_000);
      expect(await rowsOf([first, followUpId])).toEqual({ questions: 0, responses: 0, question_agents: 0 });
    });
  });
});
