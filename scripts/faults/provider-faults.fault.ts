// Provider faults through the real SDKs against the fake providers: what is retried, when, and
// what the user sees. One question per test (default council: openai 0, anthropic 1, xai 2), each
// asked by its own user; the fault is scripted for one member's provider.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { waitFor } from '../lib/net.mjs';
import { type FaultProvider, numberedAnswer, providerOfRequest } from './lib/fake-answers.ts';
import { type Scenario, startScenario } from './lib/scenario.ts';

const IDLE_TIMEOUT_MS = 2000;
const ANSWER = numberedAnswer(20);

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'providers',
    workerEnv: { PROVIDER_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS) },
    fake: { tokensPerSecond: 50, generateText: () => ANSWER },
  });
});

after(() => scenario?.cleanup());

/** Asks `question` as a new user with a subscribed client; resolves once it has finished. */
async function askAndFinish(question: string) {
  const user = await scenario.register();
  const client = await scenario.client(user, `client of "${question}"`).connect();
  const questionId = await scenario.askOk(user, question);
  assert.equal((await client.subscribe(questionId))?.ok, true);
  await client.finished(questionId, 90_000);
  const calls = (provider: FaultProvider) =>
    scenario.fake.requests.filter(
      (request) =>
        providerOfRequest(request) === provider &&
        request.messages.some((message) => message.content.includes(question)),
    );
  return { user, client, questionId, calls };
}

test('429 with Retry-After: 7 is not retried sooner than 7 s, then answers', async () => {
  scenario.fake.script({ kind: 'rate-limit', retryAfterSeconds: 7 }, { pathIncludes: '/openai/' });
  const { user, client, questionId, calls } = await askAndFinish(
    'Rate limited, retried after seven seconds?',
  );
  const openai = calls('openai');
  assert.equal(openai.length, 2, `two OpenAI calls (the 429, then the retry), got ${openai.length}`);
  const waitedMs = openai[1].receivedAt - openai[0].receivedAt;
  assert.ok(waitedMs >= 7000, `the retry came ${waitedMs} ms after the 429; Retry-After asked for 7000 ms`);
  assert.ok(waitedMs < 20_000, `the retry came ${waitedMs} ms after the 429, far later than asked`);
  const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  assert.equal(rows[0].status, 'completed', 'the rate-limited member answered in the end');
  assert.equal(client.count(questionId, 'answer:failed'), 0, 'the user saw no failure');
});

test('an error event after status 200 is retried as a new attempt the client sees cleanly', async () => {
  scenario.fake.script({ kind: 'error-event', afterTokens: 15 }, { pathIncludes: '/anthropic/' });
  const { user, client, questionId, calls } = await askAndFinish('Error after two hundred, retried cleanly?');
  const anthropic = calls('anthropic');
  assert.deepEqual(
    anthropic.map((request) => request.outcome),
    ['failed', 'completed'],
    'the Anthropic call failed mid-stream and its retry completed',
  );
  const member = client.eventsOf(questionId).filter((entry) => entry.payload.memberOrder === 1);
  const resetAt = member.findIndex((entry) => entry.event === 'answer:reset');
  assert.ok(
    resetAt >= 0,
    `the client saw an answer:reset for the member; it saw: ${member.map((entry) => entry.event).join(', ')}`,
  );
  assert.ok(
    member.slice(0, resetAt).some((entry) => entry.event === 'answer:delta'),
    'the first attempt streamed text before it failed (so the reset mattered)',
  );
  const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  assert.equal(rows[1].response, ANSWER, 'the stored answer is the retry’s whole answer');
  assert.equal(client.texts(questionId).get('1:0')?.trim(), ANSWER, 'the client shows it once');
});

test(`a stalled stream is cut at the idle timeout (${IDLE_TIMEOUT_MS} ms) and retried`, async () => {
  scenario.fake.script({ kind: 'stall', afterTokens: 3 }, { pathIncludes: '/xai/' });
  const user = await scenario.register();
  const client = await scenario.client(user, 'stall client').connect();
  const question = 'Stalled mid-answer, cut at the idle timeout?';
  const questionId = await scenario.askOk(user, question);
  assert.equal((await client.subscribe(questionId))?.ok, true);
  const stalled = await waitFor(
    () =>
      scenario.fake.requests.find(
        (request) => request.behaviour === 'stall' && request.messages[0]?.content === question,
      ),
    { what: 'the stalled xAI call', intervalMs: 20 },
  );
  // The fake sends 3 tokens at 50/s, then nothing: the last byte leaves about 60 ms after the request.
  const stallStartedAt = stalled.receivedAt + 60;
  await waitFor(() => stalled.clientClosed, {
    what: 'the worker to give up on the stalled call',
    intervalMs: 20,
    timeoutMs: 30_000,
  });
  const cutAfterMs = Date.now() - stallStartedAt;
  assert.ok(
    cutAfterMs >= IDLE_TIMEOUT_MS - 200 && cutAfterMs <= IDLE_TIMEOUT_MS + 1500,
    `the stall was cut ${cutAfterMs} ms after the last token; PROVIDER_IDLE_TIMEOUT_MS is ${IDLE_TIMEOUT_MS}`,
  );
  await client.finished(questionId, 60_000);
  const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  assert.equal(rows[2].status, 'completed', 'the stalled member answered on its retry');
  assert.equal(rows[2].response, ANSWER);
});

test('401 is not retried and the user sees a clear message', async () => {
  scenario.fake.script({ kind: 'unauthorized' }, { pathIncludes: '/openai/' });
  const { user, client, questionId, calls } = await askAndFinish('Rejected key, not retried?');
  assert.equal(calls('openai').length, 1, 'exactly one OpenAI call: a 401 is not retried');
  const message =
    'The OpenAI API key was rejected, so this member could not answer. The service operator needs to update the key.';
  const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  assert.equal(rows[0].status, 'failed');
  assert.equal(rows[0].error, message, 'the stored error is the clear message');
  const failed = client.eventsOf(questionId).filter((entry) => entry.event === 'answer:failed');
  assert.deepEqual(
    failed.map((entry) => [entry.payload.memberOrder, entry.payload.error]),
    [[0, message]],
    'the client was told, with the same message',
  );
  assert.equal(await scenario.questionStatus(questionId), 'completed', 'the other members carried on');
  assert.deepEqual(
    rows.slice(1).map((row) => row.status),
    ['completed', 'completed'],
  );
});
