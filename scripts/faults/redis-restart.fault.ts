// Redis restarted (crash: SIGKILL, then started again on the same port and data) while questions
// stream. The scenario has its own redis-server (append-only file, fsync always, as a production
// Redis with persistence): the machine's shared Redis is never touched.
// While Redis is down an ask fails fast with 503 and charges nothing; once it is back everything
// resumes: the questions accepted before the outage complete, their clients receive every entry
// exactly once, and new questions are answered.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { numberedAnswer } from './lib/fake-answers.ts';
import { type Scenario, sleep, startScenario } from './lib/scenario.ts';

const DOWN_MS = 6000;
/** "Fast": well under a browser's patience, and far from the apps' own 10–30 s timeouts. */
const FAIL_FAST_MS = 5000;

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'redisrestart',
    redis: 'private',
    // 40 words at 10 a second: each answer streams for about 4 s.
    fake: { tokensPerSecond: 10, generateText: () => numberedAnswer(40) },
  });
});

after(() => scenario?.cleanup());

test('Redis restarted during load: 503 and no charge while down, everything resumes, nothing lost', async () => {
  const askers = await Promise.all([scenario.register(), scenario.register()]);
  const latecomer = await scenario.register();
  const clients = await Promise.all(
    askers.map((user, index) => scenario.client(user, `client ${index + 1}`).connect()),
  );
  const accepted: number[] = [];
  for (const [index, user] of askers.entries()) {
    const questionId = await scenario.askOk(user, `Accepted before the Redis outage, number ${index + 1}?`);
    assert.equal((await clients[index].subscribe(questionId))?.ok, true);
    accepted.push(questionId);
  }
  await Promise.all(
    clients.map((client, index) =>
      client.until(() => client.count(accepted[index], 'answer:delta') >= 3, { what: 'streaming' }),
    ),
  );
  const before = await scenario.balanceOf(latecomer.id);

  const redis = scenario.privateRedis;
  assert.ok(redis, 'the scenario has its own Redis');
  scenario.note('Redis: SIGKILL');
  await redis.down({ kill: true });
  const downAt = Date.now();
  const attempts = [];
  while (Date.now() - downAt < DOWN_MS - 1500) {
    const reply = await scenario
      .ask(latecomer, 'Asked while Redis is down?', { timeoutMs: 20_000 })
      .catch((error: unknown) => ({
        status: `no answer (${error instanceof Error ? error.message : String(error)})`,
        ms: Date.now() - downAt,
        body: undefined,
      }));
    attempts.push(reply);
    await sleep(500);
  }
  await sleep(Math.max(0, DOWN_MS - (Date.now() - downAt)));
  scenario.note('Redis: starting again');
  await redis.up();
  scenario.note(
    `asks while down: ${attempts.map((reply) => `${reply.status} in ${reply.ms} ms`).join(', ')}`,
  );

  assert.ok(attempts.length > 0, 'asked at least once while Redis was down');
  for (const reply of attempts) {
    assert.equal(
      reply.status,
      503,
      `an ask while Redis is down answered ${reply.status} (${JSON.stringify(reply.body)}); expected 503 (log: ${scenario.logFile})`,
    );
    assert.ok(reply.ms <= FAIL_FAST_MS, `an ask while Redis is down took ${reply.ms} ms to fail`);
  }
  const during = await scenario.balanceOf(latecomer.id);
  assert.deepEqual(during, before, 'nothing was charged (tokens and free questions) for the refused asks');
  const refusedQuestions = await scenario.query(
    `SELECT q."id", q."status", r."reserved" FROM "questions" q LEFT JOIN "token_reservations" r ON r."questionId" = q."id"
      WHERE q."userId" = $1`,
    [latecomer.id],
  );
  const held = refusedQuestions.filter((row) => row.reserved !== null && row.status !== 'failed');
  assert.deepEqual(held, [], 'no refused ask holds a reservation');

  // Every question accepted before the outage completes, and its client sees all of it once.
  for (const [index, questionId] of accepted.entries()) {
    await scenario.waitForQuestion(questionId, { timeoutMs: 90_000 });
    assert.equal(
      await scenario.questionStatus(questionId),
      'completed',
      `accepted question ${questionId} completed`,
    );
    await clients[index].finished(questionId, 30_000);
    await scenario.expectConsistent(questionId, { clients: [clients[index]], userId: askers[index].id });
  }

  // And new questions are answered again.
  const client = await scenario.client(latecomer, 'latecomer').connect();
  const questionId = await scenario.askOk(latecomer, 'Asked after Redis came back?');
  assert.equal((await client.subscribe(questionId))?.ok, true);
  await client.finished(questionId, 60_000);
  assert.equal(await scenario.questionStatus(questionId), 'completed');
  await scenario.expectConsistent(questionId, { clients: [client], userId: latecomer.id });
});
