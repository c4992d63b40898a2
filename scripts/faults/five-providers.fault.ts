// A council of five: the built-in three plus two OpenAI-compatible providers from the catalogue
// (Gemini and a local server), all through the real SDKs against the fake provider, on the whole
// stack. They appear in the catalogue only once configured, answer, debate and reach a consensus.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PUBLIC_URL, type Scenario, type ScenarioUser, startScenario, testing } from './lib/scenario.ts';

const PROVIDER_PATHS: Readonly<Record<string, string>> = {
  '/openai/': 'openai',
  '/anthropic/': 'anthropic',
  '/xai/': 'xai',
  '/gemini/': 'gemini',
  '/local/': 'local',
};

let scenario: Scenario;

before(async () => {
  // No worker at start: the first one is started below, once the fake's address is known.
  scenario = await startScenario({
    name: 'five-providers',
    workers: [],
    fake: {
      tokensPerSecond: 400,
      // A revision repeats its answer word for word, so nobody changes position and the debate
      // ends after one round.
      generateText: (request) => {
        // The agreement map: one claim every member supports.
        if (request.structured) return testing.defaultStructuredReply(request);
        const provider = providerOf(request.path);
        return `The ${provider} member answers: a clear answer from ${provider}.`;
      },
    },
  });
});

after(() => scenario?.cleanup());

function providerOf(path: string): string {
  return Object.entries(PROVIDER_PATHS).find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'unknown';
}

async function get<T>(user: ScenarioUser, pathname: string): Promise<T> {
  const response = await fetch(`${scenario.gatewayUrl()}${pathname}`, {
    headers: { cookie: user.cookie, origin: PUBLIC_URL },
  });
  assert.equal(response.status, 200, `GET ${pathname}`);
  return (await response.json()) as T;
}

interface Agent {
  id: number;
  name: string;
  provider: string;
  providerName?: string;
}
interface Model {
  id: number;
  agentId: number;
}

test('Gemini and a local model are hidden until configured, then answer, debate and agree with the built-in three', async () => {
  await scenario.startWorker('worker-a');
  const user = await scenario.register();
  const before = await get<Agent[]>(user, '/api/agents');
  assert.deepEqual(
    [...new Set(before.map((agent) => agent.provider))],
    ['openai', 'anthropic', 'xai'],
    'with no variables set, only the built-in providers are offered',
  );

  // The catalogue's gemini and local entries switch on with their variables; restart the worker.
  await scenario.apps.workers.get('worker-a')?.service.stop();
  await scenario.startWorker('worker-a', {
    GEMINI_API_KEY: 'gemini-key',
    GEMINI_BASE_URL: scenario.fake.baseUrlFor('/gemini/v1'),
    LOCAL_BASE_URL: scenario.fake.baseUrlFor('/local/v1'),
  });
  const agents = await get<Agent[]>(user, '/api/agents');
  const models = await get<Model[]>(user, '/api/models');
  const firstOf = (provider: string) => {
    const agent = agents.find((candidate) => candidate.provider === provider);
    const model = models.find((candidate) => candidate.agentId === agent?.id);
    assert.ok(agent && model, `an agent and model of ${provider}`);
    return { agent, model };
  };
  const gemini = firstOf('gemini');
  assert.equal(gemini.agent.providerName, 'Google Gemini');
  assert.equal(firstOf('local').agent.providerName, 'Local model');
  assert.ok(!agents.some((agent) => agent.provider === 'mistral'), 'Mistral stays hidden: no key');

  await scenario.subscribe(user, 'max');
  const council = ['openai', 'anthropic', 'xai', 'gemini', 'local'].map((provider, order) => {
    const { agent, model } = firstOf(provider);
    return { agentId: agent.id, modelId: model.id, order };
  });
  const client = await scenario.client(user).connect();
  const asked = await scenario.post(
    '/api/questions',
    {
      question: 'Five voices on one question?',
      showDebate: true,
      agents: council,
      debateLeaderId: gemini.agent.id,
    },
    { cookie: user.cookie },
  );
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const questionId = (asked.body as { question: { id: number } }).question.id;
  assert.equal((await client.subscribe(questionId))?.ok, true);
  await client.finished(questionId, 90_000);
  assert.equal(await scenario.questionStatus(questionId), 'completed');

  const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  const members = rows.filter((row) => row.memberOrder !== null);
  assert.deepEqual(
    members.filter((row) => row.round === 0).map((row) => row.provider),
    ['openai', 'anthropic', 'xai', 'gemini', 'local'],
  );
  assert.ok(
    members.every((row) => row.status === 'completed'),
    'every member answered',
  );
  assert.equal(members.filter((row) => row.round === 1).length, 5, 'one debate round, every member revised');
  for (const row of members) {
    assert.match(
      row.response ?? '',
      new RegExp(`from ${row.provider}\\.`),
      `${row.provider} answered itself`,
    );
  }
  const consensus = rows.find((row) => row.memberOrder === null);
  assert.equal(consensus?.status, 'completed');
  assert.equal(consensus?.provider, 'consensus');
  assert.match(consensus?.response ?? '', /from gemini\./, 'the leader, Gemini, wrote the consensus');

  // Each provider's calls went to its own base URL, with its own key (the local one needs none).
  const calls = scenario.fake.requests.filter((request) =>
    request.messages.some((message) => message.content.includes('Five voices on one question?')),
  );
  const perProvider = (provider: string) => calls.filter((request) => providerOf(request.path) === provider);
  assert.equal(perProvider('gemini').length, 4, 'Gemini: answer, revision, consensus, agreement map');
  assert.equal(perProvider('gemini').filter((request) => request.structured).length, 1);
  const [stored] = await scenario.query<{
    agreementMap: { status: string; claims: Array<{ stances: unknown[] }> };
  }>(`SELECT "agreementMap" FROM "responses" WHERE "questionId" = $1 AND "provider" = 'consensus'`, [
    questionId,
  ]);
  assert.equal(stored?.agreementMap.status, 'mapped', 'Gemini mapped the agreement through json_schema');
  assert.equal(stored?.agreementMap.claims[0]?.stances.length, 5);
  assert.equal(perProvider('local').length, 2, 'local: answer and revision');
  assert.ok(perProvider('gemini').every((request) => request.apiKey === 'gemini-key'));
});
