// A provider worker SIGKILLed in the middle of a follow-up (docs/decisions.md, "25. Follow-ups"):
// another worker takes its calls over with the same thread, the turn completes once, the ledger
// stays consistent, and the conversation reads back in order.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FakeProviderRequest } from '@council/testing';
import { memberOfRequest, numberedAnswer } from './lib/fake-answers.ts';
import { type Scenario, startScenario } from './lib/scenario.ts';

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'followupkill',
    workers: ['worker-a', 'worker-b'],
    workerEnv: { PROVIDER_LOCK_DURATION_MS: '4000', PROVIDER_STALLED_INTERVAL_MS: '1000' },
    // 60 words at 10 a second: each answer streams for about 6 s.
    fake: { tokensPerSecond: 10, generateText: () => numberedAnswer(60) },
  });
});

after(() => scenario?.cleanup());

test('a worker SIGKILLed mid-follow-up: the turn completes once, with its thread, and reads back in order', async () => {
  const user = await scenario.register();
  const client = await scenario.client(user, 'client').connect();
  const first = await scenario.askOk(user, 'Which database suits a ledger?');
  assert.equal((await client.subscribe(first))?.ok, true);
  await client.finished(first, 60_000);

  const reply = await scenario.post(
    `/api/questions/${first}/follow-ups`,
    { question: 'And for the audit log?' },
    { cookie: user.cookie },
  );
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  const followUp = (reply.body as { question: { id: number; conversationId: number } }).question;
  assert.equal(followUp.conversationId, first);
  assert.equal((await client.subscribe(followUp.id))?.ok, true);

  await client.until(
    () => new Set(client.eventsOf(followUp.id).map((e) => e.payload.memberOrder)).size >= 3,
    { what: 'all three members of the follow-up to stream' },
  );
  const threaded = (request: FakeProviderRequest) => request.messages.length === 3;
  const streaming = scenario.fake.requests.filter(
    (request) => request.outcome === 'streaming' && threaded(request),
  );
  const byWorker = new Map<string | null, FakeProviderRequest[]>();
  for (const request of streaming) {
    const label = scenario.workerOf(request);
    byWorker.set(label, [...(byWorker.get(label) ?? []), request]);
  }
  const [victim, victimRequests] = [...byWorker.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  assert.ok(victim, 'the streaming calls came from the scenario’s workers');
  const worker = scenario.apps.workers.get(victim);
  assert.ok(worker, `${victim} is running`);
  const killedMembers = victimRequests.map((request) => memberOfRequest(request));
  scenario.note(`SIGKILL ${victim} while it streams follow-up members ${killedMembers}`);
  worker.service.child.kill('SIGKILL');
  assert.equal((await worker.service.exited).signal, 'SIGKILL');

  await client.finished(followUp.id, 60_000);
  assert.equal(await scenario.questionStatus(followUp.id), 'completed', 'the follow-up completed');
  const rows = await scenario.expectConsistent(followUp.id, { clients: [client], userId: user.id });
  assert.deepEqual(
    rows.map((row) => [row.status, row.response]),
    [0, 1, 2].map(() => ['completed', numberedAnswer(60)]),
    'every member answered once, whole',
  );
  // The calls that took over carried the same thread: the first question, the member's own answer.
  for (const member of killedMembers) {
    const calls = scenario.fake.requests.filter(
      (request) => threaded(request) && memberOfRequest(request) === member,
    );
    assert.equal(calls.length, 2, `member ${member}: the cut call and the one that took over`);
    for (const call of calls) {
      assert.deepEqual(
        call.messages.map((message) => message.content),
        ['Which database suits a ledger?', numberedAnswer(60), 'And for the audit log?'],
      );
    }
  }

  const detail = await scenario.get(`/api/questions/${followUp.id}`, user);
  assert.equal(detail.status, 200);
  const conversation = (detail.body as { conversation: Array<{ id: number; status: string }> }).conversation;
  assert.deepEqual(
    conversation.map((turn) => [turn.id, turn.status]),
    [
      [first, 'completed'],
      [followUp.id, 'completed'],
    ],
  );
  const history = await scenario.get('/api/questions', user);
  const items = (history.body as { items: Array<{ id: number; followUps: number }> }).items;
  assert.deepEqual(
    items.map((item) => [item.id, item.followUps]),
    [[first, 1]],
    'one history item for the conversation',
  );
});
