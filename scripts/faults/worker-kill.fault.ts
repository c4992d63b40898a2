// A provider worker SIGKILLed mid-answer: another worker takes the job over (BullMQ stalled-job
// recovery, PROVIDER_LOCK_DURATION_MS / PROVIDER_STALLED_INTERVAL_MS shortened here), the client
// is told to start that answer afresh (answer:reset) and ends with exactly the stored text; one
// response row and one settlement per answer.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FakeProviderRequest } from '@council/testing';
import { memberOfRequest, numberedAnswer } from './lib/fake-answers.ts';
import { type Scenario, startScenario } from './lib/scenario.ts';

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'workerkill',
    workers: ['worker-a', 'worker-b'],
    workerEnv: { PROVIDER_LOCK_DURATION_MS: '4000', PROVIDER_STALLED_INTERVAL_MS: '1000' },
    // 80 words at 10 a second: each answer streams for about 8 s.
    fake: { tokensPerSecond: 10, generateText: () => numberedAnswer(80) },
  });
});

after(() => scenario?.cleanup());

test('a worker SIGKILLed mid-answer: another finishes it, the client sees it once, one row, one settlement', async () => {
  const user = await scenario.register();
  const client = await scenario.client(user, 'client').connect();
  const questionId = await scenario.askOk(user, 'Who finishes an answer when its worker dies?');
  assert.equal((await client.subscribe(questionId))?.ok, true);

  // Wait until every member is streaming, then kill the worker that serves the most of them.
  await client.until(() => new Set(client.eventsOf(questionId).map((e) => e.payload.memberOrder)).size >= 3, {
    what: 'all three members to stream',
  });
  const streaming = scenario.fake.requests.filter((request) => request.outcome === 'streaming');
  const byWorker = new Map<string | null, FakeProviderRequest[]>();
  for (const request of streaming) {
    const label = scenario.workerOf(request);
    byWorker.set(label, [...(byWorker.get(label) ?? []), request]);
  }
  const [victim, victimRequests] = [...byWorker.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  assert.ok(victim, 'the streaming calls came from the scenario’s workers');
  const survivor = victim === 'worker-a' ? 'worker-b' : 'worker-a';
  const killedMembers = victimRequests.map((request) => memberOfRequest(request));
  const worker = scenario.apps.workers.get(victim);
  assert.ok(worker, `${victim} is running`);
  scenario.note(`SIGKILL ${victim} (pid ${worker.service.pid}) while it streams members ${killedMembers}`);
  worker.service.child.kill('SIGKILL');
  const exit = await worker.service.exited;
  assert.equal(exit.signal, 'SIGKILL');

  await client.finished(questionId, 60_000);
  assert.equal(await scenario.questionStatus(questionId), 'completed', 'the question completed');
  const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  assert.deepEqual(
    rows.map((row) => row.status),
    ['completed', 'completed', 'completed'],
    'every member answered',
  );
  for (const member of killedMembers) {
    const requests = scenario.fake.requests.filter((request) => memberOfRequest(request) === member);
    assert.deepEqual(
      requests.map((request) => [scenario.workerOf(request), request.outcome]),
      [
        [victim, 'client-closed'],
        [survivor, 'completed'],
      ],
      `member ${member}: the killed worker's call was cut and the other worker answered`,
    );
    assert.equal(
      client.count(questionId, 'answer:reset'),
      killedMembers.length,
      'one reset per taken-over answer',
    );
    const row = rows.find((candidate) => candidate.memberOrder === member);
    assert.equal(row?.response, numberedAnswer(80), `member ${member}: the stored answer is whole`);
  }
});
