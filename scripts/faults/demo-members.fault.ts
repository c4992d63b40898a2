// Members without a model on the whole stack (docs/decisions.md, "22. A card that is not an answer"
// and "23. The default council is made of live members"): with nothing configured, a question
// outside the examples is refused before anything is written and an example is charged as before;
// with one provider live, a free user's default council answers with live text in every seat, and
// the "no model" cards of a chosen council are charged nothing, in the ledger and the free queries.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { waitFor } from '../lib/net.mjs';
import { errorCode, type Scenario, type ScenarioUser, sleep, startScenario } from './lib/scenario.ts';

const NO_KEYS = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, XAI_API_KEY: undefined };
const OWN_QUESTION = 'How do I keep a sourdough starter alive while I am away for two weeks?';
const EXAMPLE = 'Should my first programming language be Python or JavaScript?';
// The gateway reuses its read of the catalogue and the provider modes this long (CATALOGUE_CACHE_TTL_MS).
const CATALOGUE_CACHE_MS = 5_000;

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'demo-members',
    workers: [],
    fake: { tokensPerSecond: 400, generateText: () => 'A live answer from the configured model.' },
  });
});

after(() => scenario?.cleanup());

interface Seat {
  agentId: number;
  modelId: number;
  order: number;
}

/**
 * Waits for a completed question's release: its status turns completed before billing settles its
 * answers, so its ledger and the balance are read once the reservation is released.
 */
async function settledAfter(questionId: number): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await scenario.query<{ releasedAt: Date | null }>(
        `SELECT "releasedAt" FROM "token_reservations" WHERE "questionId" = $1`,
        [questionId],
      );
      return row?.releasedAt ?? null;
    },
    { timeoutMs: 30_000, what: `question ${questionId}'s release` },
  );
}

async function charged(questionId: number): Promise<number> {
  const entries = await scenario.ledgerOf(questionId);
  return -entries
    .filter((entry) => entry.kind === 'settlement')
    .reduce((sum, entry) => sum + entry.amount, 0);
}

async function questionCount(user: ScenarioUser): Promise<number> {
  const [row] = await scenario.query<{ count: number }>(
    'SELECT COUNT(*)::int AS "count" FROM "questions" WHERE "userId" = $1',
    [user.id],
  );
  return row.count;
}

test('with nothing configured, a question no member can answer is refused before anything is written', async () => {
  await scenario.startWorker('worker-a', NO_KEYS);
  const user = await scenario.register();
  const before = await scenario.balanceOf(user.id);

  const refused = await scenario.ask(user, OWN_QUESTION);
  assert.equal(refused.status, 422, JSON.stringify(refused.body));
  assert.equal(errorCode(refused.body), 'NO_MODEL_CONFIGURED');
  assert.equal(await questionCount(user), 0, 'nothing is written');
  assert.deepEqual(await scenario.balanceOf(user.id), before, 'no token and no free query is spent');

  // The example script still answers, and is charged as before, so the demo shows billing.
  const example = await scenario.askOk(user, EXAMPLE);
  assert.equal(await scenario.waitForQuestion(example), 'completed');
  await settledAfter(example);
  const after = await scenario.balanceOf(user.id);
  assert.equal(after.queriesLeft, before.queriesLeft - 1);
  assert.ok((await charged(example)) > 0, 'the scripted answers are charged');
  assert.equal(after.cached, after.derived);
});

test('with one provider live, the default council is live in every seat and the no-model cards cost nothing', async () => {
  await scenario.apps.workers.get('worker-a')?.service.stop();
  await scenario.startWorker('worker-a', { ANTHROPIC_API_KEY: undefined, XAI_API_KEY: undefined });
  await sleep(CATALOGUE_CACHE_MS + 500);

  // A free user's own question: every seat is an OpenAI member answering with live text.
  const free = await scenario.register();
  const freeBefore = await scenario.balanceOf(free.id);
  const own = await scenario.askOk(free, OWN_QUESTION);
  assert.equal(await scenario.waitForQuestion(own), 'completed');
  await settledAfter(own);
  const answers = await scenario.responsesOf(own);
  assert.equal(answers.length, 3);
  for (const answer of answers) {
    assert.equal(answer.provider, 'openai');
    assert.equal(answer.response, 'A live answer from the configured model.');
  }
  const freeAfter = await scenario.balanceOf(free.id);
  assert.equal(freeAfter.queriesLeft, freeBefore.queriesLeft - 1);
  assert.equal(freeBefore.cached - freeAfter.cached, await charged(own));

  // A council chosen with one live member and two demo members: only the live member is charged.
  const premium = await scenario.register();
  await scenario.subscribe(premium, 'premium');
  const agents = (await scenario.get('/api/agents', premium)).body as Array<{
    id: number;
    provider: string;
    demo?: boolean;
  }>;
  const models = (await scenario.get('/api/models', premium)).body as Array<{ id: number; agentId: number }>;
  const seats: Seat[] = ['openai', 'anthropic', 'xai'].map((provider, order) => {
    const agent = agents.find((candidate) => candidate.provider === provider)!;
    assert.equal(
      agent.demo === true,
      provider !== 'openai',
      `${provider} is ${agent.demo ? 'demo' : 'live'}`,
    );
    const model = models.find((candidate) => candidate.agentId === agent.id)!;
    return { agentId: agent.id, modelId: model.id, order };
  });
  const before = await scenario.balanceOf(premium.id);
  const reply = await scenario.post(
    '/api/questions',
    { question: OWN_QUESTION, agents: seats },
    { cookie: premium.cookie },
  );
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  const mixed = (reply.body as { question: { id: number } }).question.id;
  assert.equal(await scenario.waitForQuestion(mixed), 'completed');
  await settledAfter(mixed);
  const rows = await scenario.responsesOf(mixed);
  const live = rows.filter((row) => row.provider === 'openai');
  const cards = rows.filter((row) => row.provider !== 'openai');
  assert.equal(live.length, 1);
  assert.equal(cards.length, 2);
  assert.ok(live[0].totalTokens > 0);
  for (const card of cards) {
    assert.match(card.response, /No model is configured for this member/);
    assert.equal(card.totalTokens, 0, `${card.provider}'s card is charged nothing`);
  }
  assert.equal(await charged(mixed), live[0].totalTokens, 'the ledger charges the live member alone');
  const after = await scenario.balanceOf(premium.id);
  assert.equal(before.cached - after.cached, live[0].totalTokens);
  assert.equal(after.cached, after.derived);
});
