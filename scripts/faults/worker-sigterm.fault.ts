// SIGTERM to a provider worker while it streams answers (a rolling deploy, a scale-down): the
// answers it is streaming finish, it takes no new job, and it exits 0; the other worker takes the
// questions asked meanwhile.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FakeProviderRequest } from '@council/testing';
import { numberedAnswer, providerOfRequest } from './lib/fake-answers.ts';
import { type Scenario, sleep, startScenario } from './lib/scenario.ts';

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'workerterm',
    workers: ['worker-a', 'worker-b'],
    // 50 words at 10 a second: each answer streams for about 5 s.
    fake: { tokensPerSecond: 10, generateText: () => numberedAnswer(50) },
  });
});

after(() => scenario?.cleanup());

const asked = (request: FakeProviderRequest, text: string) =>
  request.messages.some((message) => message.content.includes(text));

test('SIGTERM during active streams: they finish, no new jobs are taken, exit 0', async () => {
  const user = await scenario.register();
  const client = await scenario.client(user, 'client').connect();
  const first = await scenario.askOk(user, 'First question, streaming when the worker is told to stop?');
  assert.equal((await client.subscribe(first))?.ok, true);
  await client.until(() => new Set(client.eventsOf(first).map((e) => e.payload.memberOrder)).size >= 3, {
    what: 'all three members to stream',
  });

  const streaming = scenario.fake.requests.filter((request) => request.outcome === 'streaming');
  const counts = new Map<string | null, number>();
  for (const request of streaming) {
    const label = scenario.workerOf(request);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const [victim] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  assert.ok(victim, 'the streaming calls came from the scenario’s workers');
  const worker = scenario.apps.workers.get(victim);
  assert.ok(worker, `${victim} is running`);
  const victimCalls = streaming.filter((request) => scenario.workerOf(request) === victim);
  scenario.note(
    `SIGTERM ${victim} (pid ${worker.service.pid}) while it streams ${victimCalls.length} answer(s)`,
  );
  const signalledAt = Date.now();
  worker.service.child.kill('SIGTERM');
  await sleep(300);

  // Asked while the victim drains: only the other worker may take these.
  const second = await scenario.askOk(user, 'Second question, asked while the worker drains?');
  assert.equal((await client.subscribe(second))?.ok, true);

  const exit = await Promise.race([
    worker.service.exited,
    sleep(35_000, null, { ref: false }).then(() => ({ code: 'still running after 35 s' })),
  ]);
  const exitedAfterMs = Date.now() - signalledAt;
  assert.deepEqual(
    exit,
    { code: 0, signal: null },
    `${victim} exits 0 after SIGTERM (log: ${scenario.logFile})`,
  );

  await Promise.all([client.finished(first), client.finished(second)]);
  for (const request of victimCalls) {
    assert.equal(
      request.outcome,
      'completed',
      `${victim}'s ${providerOfRequest(request)} answer in flight at SIGTERM was streamed to the end`,
    );
  }
  const lateCalls = scenario.fake.requests.filter(
    (request) => scenario.workerOf(request) === victim && request.receivedAt > signalledAt,
  );
  assert.deepEqual(
    lateCalls.map((request) => providerOfRequest(request)),
    [],
    `${victim} started no provider call after SIGTERM`,
  );
  assert.ok(
    scenario.fake.requests.filter((request) => asked(request, 'Second question')).length >= 3,
    'the second question was answered by the other worker',
  );
  for (const questionId of [first, second]) {
    assert.equal(await scenario.questionStatus(questionId), 'completed', `question ${questionId} completed`);
    const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
    assert.equal(
      rows.filter((row) => row.status === 'completed').length,
      3,
      `question ${questionId}: 3 answers`,
    );
  }
  assert.equal(client.count(first, 'answer:reset'), 0, 'nothing was restarted: the drained answers finished');
  scenario.note(`${victim} exited ${exitedAfterMs} ms after SIGTERM`);
});
