// Clients whose connection drops mid-answer: one for 5 s (the answer is still streaming when it
// comes back), one for 3 minutes (the question finished meanwhile). Each comes back through the
// other gateway with the last entry id it saw, and must receive the rest exactly once and in
// order: together, what it received before and after is the whole stream, and its text is the
// stored answer. The two run at once; run.ts runs this file alongside the other scenarios.
import assert from 'node:assert/strict';
import process from 'node:process';
import { after, before, test } from 'node:test';
import { numberedAnswer } from './lib/fake-answers.ts';
import { type Scenario, sleep, startScenario } from './lib/scenario.ts';

const LONG_DISCONNECT_MS = Number(process.env.FAULTS_LONG_DISCONNECT_MS || 180_000);

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'disconnect',
    gateways: 2,
    // 60 words at 4 a second: each answer streams for about 15 s.
    fake: { tokensPerSecond: 4, generateText: () => numberedAnswer(60) },
  });
});

after(() => scenario?.cleanup());

/** Subscribes a fresh client on gateway 1, waits for some text, then drops it. */
async function askAndDrop(label: string) {
  const user = await scenario.register();
  const client = await scenario.client(user, label).connect(0);
  const questionId = await scenario.askOk(user, `Still there after ${label}?`);
  assert.equal((await client.subscribe(questionId))?.ok, true);
  await client.until(() => client.count(questionId, 'answer:delta') >= 6, { what: 'some text' });
  client.close();
  scenario.note(`${label}: dropped after ${client.eventsOf(questionId).length} events`);
  return { user, client, questionId };
}

test(
  'clients that drop mid-answer receive the rest exactly once and in order',
  { concurrency: true },
  async (t) => {
    await Promise.all([
      t.test('disconnected for 5 s, back while the answer still streams', async () => {
        const { user, client, questionId } = await askAndDrop('a 5 s drop');
        const watcher = await scenario.client(user, 'connected throughout').connect(0);
        assert.equal((await watcher.subscribe(questionId))?.ok, true);
        await sleep(5000);
        assert.equal(
          await scenario.questionStatus(questionId),
          'running',
          'still streaming when the client returns',
        );
        await client.resume(questionId, 1);
        await Promise.all([client.finished(questionId), watcher.finished(questionId)]);
        assert.equal(await scenario.questionStatus(questionId), 'completed');
        await scenario.expectConsistent(questionId, { clients: [client, watcher], userId: user.id });
      }),
      t.test(
        `disconnected for ${Math.round(LONG_DISCONNECT_MS / 1000)} s, back after the question finished`,
        async () => {
          const { user, client, questionId } = await askAndDrop('a long drop');
          await sleep(LONG_DISCONNECT_MS);
          assert.equal(
            await scenario.questionStatus(questionId),
            'completed',
            'finished while the client was away',
          );
          const ack = await client.resume(questionId, 1);
          assert.equal(ack.status, 'completed');
          await client.finished(questionId, 30_000);
          await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
        },
      ),
    ]);
  },
);
