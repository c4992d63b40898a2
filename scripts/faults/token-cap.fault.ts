// "Stop at N tokens" on the whole stack, under concurrency: one premium user asks several capped
// debates at once, each member's answer far longer than its cap allows. Every question is
// charged no more than its cap, keeps each answer the cap cut (labelled, the same text streamed
// and stored), and writes its consensus from what there is when the cap leaves room for it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SERVER_MESSAGES, TOKEN_CAP_TEXTS, consensusReserve } from '@council/contracts';
import type { FakeProviderRequest } from '@council/testing';
import { type Scenario, startScenario } from './lib/scenario.ts';

/** About 1,600 estimated tokens: every cap below cuts it. */
const LONG = Array.from({ length: 800 }, (_, index) => `point${index}`).join(' ');
const CAPS = [400, 1_500, 3_000, 6_000, 9_000];

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'token-cap',
    workers: ['worker-a'],
    fake: {
      tokensPerSecond: 1_500,
      generateText: (request: FakeProviderRequest) =>
        request.structured ? '{"claims": []}' : `${LONG}\n\nPosition: changed`,
    },
  });
});

after(() => scenario?.cleanup());

interface Row {
  id: number;
  memberOrder: number | null;
  status: string;
  response: string;
  error: string | null;
  stoppedAtLimit: boolean;
  totalTokens: number;
}

test('capped questions asked at once never spend more than their caps and keep what the cap cut', async () => {
  const user = await scenario.register();
  await scenario.subscribe(user, 'premium');
  const client = await scenario.client(user).connect();
  const before = await scenario.balanceOf(user.id);

  // Above the balance: refused before anything is written.
  const questionsBefore = await scenario.query(`SELECT 1 FROM "questions" WHERE "userId" = $1`, [user.id]);
  const refused = await scenario.post(
    '/api/questions',
    { question: 'Too much?', tokenCap: before.cached + 1 },
    { cookie: user.cookie },
  );
  assert.equal(refused.status, 402, JSON.stringify(refused.body));
  assert.equal((refused.body as { message: string }).message, SERVER_MESSAGES.tokenCapAboveBalance);
  const questionsAfter = await scenario.query(`SELECT 1 FROM "questions" WHERE "userId" = $1`, [user.id]);
  assert.equal(questionsAfter.length, questionsBefore.length, 'a refused cap writes no question');

  const asked = await Promise.all(
    CAPS.map((tokenCap, index) =>
      scenario.post(
        '/api/questions',
        {
          question: `Capped question ${index}: how should we plan the migration?`,
          showDebate: true,
          tokenCap,
        },
        { cookie: user.cookie },
      ),
    ),
  );
  const ids = asked.map((reply) => {
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    return (reply.body as { question: { id: number; tokenCap: number } }).question.id;
  });
  for (const id of ids) assert.equal((await client.subscribe(id))?.ok, true);
  await Promise.all(ids.map((id) => client.finished(id, 120_000)));

  let consensusWritten = 0;
  for (const [index, questionId] of ids.entries()) {
    const cap = CAPS[index]!;
    assert.equal(await scenario.questionStatus(questionId), 'completed');
    await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });

    const [reservation] = await scenario.query<{ reserved: number; capped: boolean }>(
      `SELECT "reserved", "capped" FROM "token_reservations" WHERE "questionId" = $1`,
      [questionId],
    );
    assert.deepEqual(reservation, { reserved: cap, capped: true }, 'the reservation is the cap');
    const charged = -(await scenario.ledgerOf(questionId))
      .filter((entry) => entry.kind === 'settlement')
      .reduce((sum, entry) => sum + entry.amount, 0);
    assert.ok(charged <= cap, `question ${questionId} charged ${charged} with a cap of ${cap}`);
    const [question] = await scenario.query<{ totalTokensUsed: number }>(
      `SELECT "totalTokensUsed" FROM "questions" WHERE "id" = $1`,
      [questionId],
    );
    assert.equal(question?.totalTokensUsed, charged, 'the question reports what it was charged');

    const rows = await scenario.query<Row>(
      `SELECT "id", "memberOrder", "status", "response", "error", "stoppedAtLimit", "totalTokens"
         FROM "responses" WHERE "questionId" = $1 ORDER BY "id"`,
      [questionId],
    );
    const members = rows.filter((row) => row.memberOrder !== null);
    // The members stop where the consensus's share of the cap begins.
    const membersUsed = members.reduce((sum, row) => sum + row.totalTokens, 0);
    assert.ok(membersUsed <= cap - consensusReserve(cap, true), `members used ${membersUsed} of ${cap}`);
    const cut = rows.filter((row) => row.stoppedAtLimit);
    assert.ok(cut.length > 0, `question ${questionId}: something was cut`);
    const completed = client
      .eventsOf(questionId)
      .filter((entry) => entry.event.endsWith(':completed'))
      .map((entry) => entry.payload as { responseId?: number; stoppedAtLimit?: boolean });
    for (const row of cut) {
      assert.equal(row.status, 'completed');
      assert.ok(
        LONG.startsWith(row.response) && row.response.length > 0,
        `the cut text is kept as written: ${JSON.stringify(row.response.slice(0, 80))}…${JSON.stringify(row.response.slice(-80))}`,
      );
      assert.ok(
        completed.some((entry) => entry.responseId === row.id && entry.stoppedAtLimit === true),
        'the cut is announced on the stream',
      );
    }
    for (const row of rows.filter((candidate) => candidate.status === 'failed')) {
      assert.ok(
        ([TOKEN_CAP_TEXTS.notStarted, TOKEN_CAP_TEXTS.consensusNotWritten] as string[]).includes(
          row.error ?? '',
        ),
        `only the cap stops an answer here: ${row.error}`,
      );
    }
    const consensus = rows.find((row) => row.memberOrder === null);
    assert.ok(consensus, 'a debate always ends with a consensus row');
    console.log(
      `cap ${cap}: charged ${charged}, members ${membersUsed}, ${rows.length} answers, ${cut.length} cut, consensus ${consensus.status}`,
    );
    if (consensus.status === 'completed') {
      consensusWritten += 1;
      assert.ok(consensus.response.length > 0);
    }
  }
  // The smallest cap leaves no room for a consensus; the larger ones write one from the cut answers.
  assert.ok(consensusWritten >= CAPS.length - 1, `${consensusWritten} consensus answers written`);

  const after = await scenario.balanceOf(user.id);
  const chargedInAll = -(
    await scenario.query<{ sum: number }>(
      `SELECT COALESCE(SUM("amount"), 0)::int AS "sum" FROM "ledger_entries" WHERE "userId" = $1 AND "kind" = 'settlement'`,
      [user.id],
    )
  )[0]!.sum;
  assert.equal(after.cached, before.cached - chargedInAll, 'the balance lost exactly what was charged');
  assert.ok(chargedInAll <= CAPS.reduce((sum, cap) => sum + cap, 0));

  // Each call asked its provider for no more than its question's cap left it.
  for (const request of scenario.fake.requests) {
    const prompt = request.messages.map((message) => message.content).join('\n');
    const index = CAPS.findIndex((_cap, candidate) => prompt.includes(`Capped question ${candidate}:`));
    assert.ok(index >= 0, 'every call belongs to one of the questions');
    assert.ok((request.maxTokens ?? Infinity) <= CAPS[index]!, `max_tokens ${request.maxTokens}`);
  }
});
