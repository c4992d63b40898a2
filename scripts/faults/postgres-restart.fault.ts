// PostgreSQL restarted (pg_ctl stop -m fast: every connection cut; started again after a few
// seconds) while questions stream. The scenario has its own cluster (initdb on a free port): the
// machine's shared PostgreSQL is never touched.
// While it is down an ask fails fast with 503 and charges nothing, and a Stripe webhook delivery
// answers 5xx so Stripe delivers it again; once it is back everything resumes: the questions
// accepted before the outage complete and their clients receive every entry exactly once, the
// redelivered webhook is recorded, new questions are answered.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { WebhookDelivery } from '@council/testing';
import { waitFor } from '../lib/net.mjs';
import { probePostgres } from '../lib/postgres.mjs';
import { numberedAnswer } from './lib/fake-answers.ts';
import { errorCode, type Scenario, sleep, startScenario, testing } from './lib/scenario.ts';

const DOWN_MS = 6000;
const FAIL_FAST_MS = 5000;

let scenario: Scenario;
/** The replies to the asks made while PostgreSQL was down (their exact status is checked below). */
let asksWhileDown: Attempt[] = [];

/** A request made while PostgreSQL was down: its reply, or why there was none. */
interface Attempt {
  status: number | string;
  ms: number;
  body: unknown;
}

before(async () => {
  scenario = await startScenario({
    name: 'pgrestart',
    postgres: 'private',
    stripe: true,
    // 40 words at 10 a second: each answer streams for about 4 s.
    fake: { tokensPerSecond: 10, generateText: () => numberedAnswer(40) },
  });
});

after(() => scenario?.cleanup());

function deliverWebhook(delivery: WebhookDelivery) {
  return scenario.post('/api/stripe/webhook', delivery.body, {
    headers: { 'stripe-signature': delivery.signature },
    timeoutMs: 20_000,
  });
}

test('PostgreSQL restarted: 503 and no charge while down, webhooks 5xx, everything resumes', async () => {
  const askers = await Promise.all([scenario.register(), scenario.register()]);
  const latecomer = await scenario.register();
  const clients = await Promise.all(
    askers.map((user, index) => scenario.client(user, `client ${index + 1}`).connect()),
  );
  const accepted: number[] = [];
  for (const [index, user] of askers.entries()) {
    const questionId = await scenario.askOk(
      user,
      `Accepted before the PostgreSQL outage, number ${index + 1}?`,
    );
    assert.equal((await clients[index].subscribe(questionId))?.ok, true);
    accepted.push(questionId);
  }
  await Promise.all(
    clients.map((client, index) =>
      client.until(() => client.count(accepted[index], 'answer:delta') >= 3, { what: 'streaming' }),
    ),
  );
  const before = await scenario.balanceOf(latecomer.id);
  const event = testing.createStripeEvent('customer.created', {
    id: 'cus_faults_pg',
    object: 'customer',
    email: 'faults@example.com',
    metadata: {},
  });
  const delivery = testing.signStripeEvent(event, scenario.webhookSecret);

  const postgres = scenario.privatePostgres;
  assert.ok(postgres, 'the scenario has its own PostgreSQL');
  scenario.note('PostgreSQL: stop -m fast');
  await postgres.down('fast');
  const downAt = Date.now();
  const asks: Attempt[] = [];
  const webhooks: Attempt[] = [];
  while (Date.now() - downAt < DOWN_MS - 1500) {
    const failed = (error: unknown): Attempt => ({
      status: `no answer (${error instanceof Error ? error.message : String(error)})`,
      ms: Date.now() - downAt,
      body: undefined,
    });
    asks.push(
      await scenario.ask(latecomer, 'Asked while PostgreSQL is down?', { timeoutMs: 20_000 }).catch(failed),
    );
    webhooks.push(await deliverWebhook(delivery).catch(failed));
    await sleep(500);
  }
  await sleep(Math.max(0, DOWN_MS - (Date.now() - downAt)));
  scenario.note('PostgreSQL: starting again');
  await postgres.up();
  scenario.note(`asks while down: ${asks.map((reply) => `${reply.status} in ${reply.ms} ms`).join(', ')}`);
  scenario.note(
    `webhooks while down: ${webhooks.map((reply) => `${reply.status} in ${reply.ms} ms`).join(', ')}`,
  );
  await waitFor(async () => (await probePostgres(scenario.databaseUrl, 1000)).ok, { what: 'PostgreSQL' });

  assert.ok(asks.length > 0, 'asked at least once while PostgreSQL was down');
  asksWhileDown = asks;
  for (const reply of asks) {
    // The exact status (503) is checked by the next test.
    assert.ok(
      typeof reply.status === 'number' && reply.status >= 500,
      `an ask while PostgreSQL is down answered ${reply.status} (${JSON.stringify(reply.body)}); expected 5xx (log: ${scenario.logFile})`,
    );
    assert.ok(reply.ms <= FAIL_FAST_MS, `an ask while PostgreSQL is down took ${reply.ms} ms to fail`);
  }
  for (const reply of webhooks) {
    assert.ok(
      typeof reply.status === 'number' && reply.status >= 500,
      `a webhook delivery while PostgreSQL is down answered ${reply.status} (${JSON.stringify(reply.body)}); Stripe retries only on 5xx/timeouts`,
    );
  }

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
  assert.deepEqual(
    await scenario.balanceOf(latecomer.id),
    before,
    'nothing was charged for the refused asks',
  );
  const refused = await scenario.query(
    `SELECT q."id", q."status" FROM "questions" q JOIN "token_reservations" r ON r."questionId" = q."id"
      WHERE q."userId" = $1`,
    [latecomer.id],
  );
  assert.deepEqual(refused, [], 'no refused ask holds a reservation');

  // Stripe delivers the event again: now it is recorded.
  const redelivery = await deliverWebhook(delivery);
  assert.equal(
    redelivery.status,
    200,
    `the redelivered webhook: ${redelivery.status} ${JSON.stringify(redelivery.body)}`,
  );
  const recorded = await scenario.query('SELECT "id" FROM "stripe_events" WHERE "id" = $1', [event.id]);
  assert.equal(recorded.length, 1, 'the event is recorded once');

  // And new questions are answered again.
  const client = await scenario.client(latecomer, 'latecomer').connect();
  const questionId = await scenario.askOk(latecomer, 'Asked after PostgreSQL came back?');
  assert.equal((await client.subscribe(questionId))?.ok, true);
  await client.finished(questionId, 60_000);
  assert.equal(await scenario.questionStatus(questionId), 'completed');
  await scenario.expectConsistent(questionId, { clients: [client], userId: latecomer.id });
});

test('an ask while PostgreSQL is down answers 503 SERVICE_UNAVAILABLE', () => {
  assert.ok(asksWhileDown.length > 0, 'the outage test asked while PostgreSQL was down');
  for (const reply of asksWhileDown) {
    assert.equal(reply.status, 503, `answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    assert.equal(errorCode(reply.body), 'SERVICE_UNAVAILABLE');
  }
});
