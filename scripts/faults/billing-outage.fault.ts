// Billing away when questions end: the consensus worker releases a question's reservation by
// billing's RPC (docs/billing-rpc.md); a release billing does not confirm goes through the usage
// queue, which billing works off once it is back. Each answer is charged once, the reservation is
// released once, and the client still hears the question complete.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { numberedAnswer } from './lib/fake-answers.ts';
import { type Scenario, type ScenarioUser, startScenario } from './lib/scenario.ts';

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'billingoutage',
    // 40 words at 20 a second: each answer streams for about 2 s.
    fake: { tokensPerSecond: 20, generateText: () => numberedAnswer(40) },
  });
});

after(() => scenario?.cleanup());

interface Reservation {
  reserved: number;
  consumed: number;
  released: number;
  releasedAt: Date | null;
}

async function reservationOf(questionId: number): Promise<Reservation | undefined> {
  const [row] = await scenario.query<Reservation>(
    `SELECT "reserved", "consumed", "released", "releasedAt" FROM "token_reservations" WHERE "questionId" = $1`,
    [questionId],
  );
  return row;
}

/** How many release calls billing has answered, from its own metrics. */
async function releaseCalls(): Promise<number> {
  const billing = scenario.apps.billing;
  assert.ok(billing, 'billing is running');
  const text = await (await fetch(`${billing.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith('council_http_request_duration_seconds_count{') &&
        candidate.includes('route="/rpc/billing.release"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Asks, follows the question to its end, and returns its id. */
async function askAndFinish(user: ScenarioUser, question: string, whileStreaming?: () => Promise<void>) {
  const client = await scenario.client(user).connect();
  const questionId = await scenario.askOk(user, question);
  assert.equal((await client.subscribe(questionId))?.ok, true);
  if (whileStreaming) {
    await client.until(() => client.count(questionId, 'answer:delta') > 0, {
      what: 'the first answer delta',
    });
    await whileStreaming();
  }
  await client.finished(questionId, 60_000);
  return { questionId, client };
}

test('billing up: a question is released by the RPC, once, and its answers are charged once', async () => {
  const user = await scenario.register();
  const before = await releaseCalls();
  const { questionId, client } = await askAndFinish(user, 'Who releases the tokens a question held?');
  assert.equal(await scenario.questionStatus(questionId), 'completed');
  await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  const reservation = await reservationOf(questionId);
  assert.ok(reservation?.releasedAt, 'the reservation was released');
  assert.equal(reservation.consumed + reservation.released, reservation.reserved, 'nothing is still held');
  assert.equal((await releaseCalls()) - before, 1, 'one release call reached billing');
});

test('billing down as a question ends: the release waits in the usage queue and lands once billing is back', async () => {
  const user = await scenario.register();
  const billing = scenario.apps.billing;
  assert.ok(billing, 'billing is running');
  const { questionId, client } = await askAndFinish(
    user,
    'What happens to my tokens if billing is down?',
    async () => {
      scenario.note(`stopping billing (pid ${billing.service.pid}) while the answers stream`);
      await billing.service.stop(10_000);
    },
  );
  assert.equal(
    await scenario.questionStatus(questionId),
    'completed',
    'the question completed without billing',
  );
  assert.equal((await reservationOf(questionId))?.releasedAt, null, 'nothing released while billing is away');

  await scenario.startBilling();
  scenario.note('billing is back');
  await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  const reservation = await reservationOf(questionId);
  assert.ok(reservation?.releasedAt, 'the queued release landed');
  assert.equal(reservation.consumed + reservation.released, reservation.reserved, 'nothing is still held');
  const releases = (await scenario.ledgerOf(questionId)).filter((entry) =>
    entry.idempotencyKey.includes('release'),
  );
  assert.ok(releases.length > 0, 'the ledger holds the release');
  assert.equal(
    new Set(releases.map((entry) => entry.idempotencyKey.replace(/#\d+$/, ''))).size,
    1,
    'released by one operation',
  );
});
