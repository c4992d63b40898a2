// The agreement map on the whole stack: a premium debate of three members in which Grok is
// persuaded in round 1, led by Claude (Anthropic's forced tool call through the real SDK). The
// leader's first map reply is malformed, the second is written from the final answers the prompt
// carries; the stored map must match the members' stored final answers, stream claim by claim,
// count its tokens, and reach the signed-out shared page (with the debate's rounds) and the export.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FakeProviderRequest as FakeRequest } from '@council/testing';
import { type Scenario, startScenario } from './lib/scenario.ts';

const QUESTION = 'Monolith or microservices for our five-person team?';
const CLAIM_ONE = 'Start with one application.';
const CLAIM_SERVICES = 'Split into services from day one.';

let scenario: Scenario;
let mapReplies = 0;

before(async () => {
  scenario = await startScenario({
    name: 'agreement-map',
    workers: ['worker-a'],
    fake: { tokensPerSecond: 400, generateText: (request) => reply(request) },
  });
});

after(() => scenario?.cleanup());

function providerOf(path: string): string {
  return ['openai', 'anthropic', 'xai'].find((provider) => path.startsWith(`/${provider}/`)) ?? 'unknown';
}

/** Openings: ChatGPT and Claude say monolith, Grok services; Grok changes in round 1. */
function reply(request: FakeRequest): string {
  if (request.structured) return mapReply(request);
  const content = request.messages.at(-1)?.content ?? '';
  const provider = providerOf(request.path);
  if (content.startsWith('You lead a council')) return '## Agreed answer\n\nStart with one application.';
  const round = Number(/^Debate round (\d+)/.exec(content)?.[1] ?? 0);
  if (round === 0) {
    return provider === 'xai' ? 'SERVICES: split it from day one.' : `MONOLITH: ${provider} says one app.`;
  }
  if (provider === 'xai' && round === 1) return 'MONOLITH: persuaded, one app first.\n\nPosition: changed';
  const own = /<your_answer>\n?([\s\S]*?)\n?<\/your_answer>/.exec(content)?.[1] ?? '';
  return `${own}\n\nPosition: unchanged`;
}

/** First a cut-off reply, then the map of what each member's final answer in the prompt says. */
function mapReply(request: FakeRequest): string {
  mapReplies += 1;
  if (mapReplies === 1) return '{"claims": [{"claim": "Half a cla';
  const prompt = request.messages.at(-1)?.content ?? '';
  const members = [
    ...prompt.matchAll(
      /<member number="(\d+)" name="[^"]*" changed_position_in_rounds="([\d,]*)">\n([\s\S]*?)\n<\/member>/g,
    ),
  ].map((match) => ({
    member: Number(match[1]),
    monolith: match[3].startsWith('MONOLITH'),
    changedInRound: match[2] ? Number(match[2].split(',').at(-1)) : null,
  }));
  const stance = (supports: boolean, reason: string) =>
    members.map((entry) => ({
      member: entry.member,
      stance: supports === entry.monolith ? 'supports' : 'opposes',
      reason: supports === entry.monolith ? '' : reason,
      changedInRound: entry.changedInRound,
    }));
  return JSON.stringify({
    claims: [
      { claim: CLAIM_ONE, stances: stance(true, 'Services pay for themselves early.') },
      { claim: CLAIM_SERVICES, stances: stance(false, 'One application is cheaper to run.') },
    ],
  });
}

interface Agent {
  id: number;
  name: string;
  provider: string;
}
interface Model {
  id: number;
  agentId: number;
}
interface Stance {
  memberOrder: number;
  stance: string;
  reason: string | null;
  changedInRound: number | null;
}
interface MapResult {
  status: string;
  claims?: Array<{ claim: string; stances: Stance[] }>;
  note?: string;
}

test('a premium debate ends with a validated agreement map that matches the final answers, streamed, counted, shared and exported', async () => {
  const user = await scenario.register();
  await scenario.subscribe(user, 'premium');
  const agents = (await scenario.get('/api/agents', user)).body as Agent[];
  const models = (await scenario.get('/api/models', user)).body as Model[];
  const council = ['openai', 'anthropic', 'xai'].map((provider, order) => {
    const agent = agents.find((candidate) => candidate.provider === provider);
    const model = models.find((candidate) => candidate.agentId === agent?.id);
    assert.ok(agent && model, `an agent and model of ${provider}`);
    return { agent, model, order };
  });
  const claude = council[1].agent;

  const client = await scenario.client(user).connect();
  const asked = await scenario.post(
    '/api/questions',
    {
      question: QUESTION,
      showDebate: true,
      agents: council.map(({ agent, model, order }) => ({ agentId: agent.id, modelId: model.id, order })),
      debateLeaderId: claude.id,
    },
    { cookie: user.cookie },
  );
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const questionId = (asked.body as { question: { id: number } }).question.id;
  assert.equal((await client.subscribe(questionId))?.ok, true);
  await client.finished(questionId, 90_000);
  assert.equal(await scenario.questionStatus(questionId), 'completed');

  const rows = await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });
  const [consensus] = await scenario.query<{ id: number; agreementMap: MapResult; totalTokens: number }>(
    `SELECT "id", "agreementMap", "totalTokens" FROM "responses" WHERE "questionId" = $1 AND "provider" = 'consensus'`,
    [questionId],
  );
  const map = consensus?.agreementMap;
  assert.equal(map?.status, 'mapped', JSON.stringify(map));
  assert.deepEqual(
    map.claims?.map((claim) => claim.claim),
    [CLAIM_ONE, CLAIM_SERVICES],
  );

  // The map matches the stored final answers: every member ends on one app, Grok since round 1.
  const finals = council.map(
    ({ order }) =>
      rows
        .filter((row) => row.memberOrder === order && row.status === 'completed')
        .sort((a, b) => b.round - a.round)[0],
  );
  assert.ok(
    finals.every((row) => row?.response.startsWith('MONOLITH')),
    'every final answer says monolith',
  );
  assert.deepEqual(map.claims?.[0].stances, [
    { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
    { memberOrder: 1, stance: 'supports', reason: null, changedInRound: null },
    { memberOrder: 2, stance: 'supports', reason: null, changedInRound: 1 },
  ]);
  assert.ok(map.claims?.[1].stances.every((entry) => entry.stance === 'opposes' && entry.reason));

  // The leader's own provider was asked twice, with its forced tool; both calls are counted.
  const calls = scenario.fake.requests.filter((request) =>
    request.messages.some((message) => message.content.includes(QUESTION)),
  );
  const mapCalls = calls.filter((request) => request.structured);
  assert.equal(mapCalls.length, 2, 'the malformed map was asked for once more');
  assert.ok(mapCalls.every((request) => providerOf(request.path) === 'anthropic'));
  assert.deepEqual(mapCalls[0].body.tool_choice, { type: 'tool', name: 'record_agreement_map' });
  const synthesis = calls.find((request) =>
    request.messages.at(-1)?.content.startsWith('You lead a council'),
  );
  assert.ok(synthesis);
  assert.equal(
    consensus.totalTokens,
    [synthesis, ...mapCalls].reduce((sum, request) => sum + request.usage.totalTokens, 0),
    'the consensus counts its synthesis and both map calls',
  );

  // Streamed: drafts after the reset, then the stored map, drawn beside the synthesis; the
  // consensus completes once both have ended.
  const events = client.eventsOf(questionId).map((entry) => entry.event);
  assert.equal(events.filter((event) => event === 'agreement:reset').length, 1);
  const resetAt = events.indexOf('agreement:reset');
  assert.equal(events.filter((event, index) => event === 'agreement:claim' && index > resetAt).length, 2);
  assert.equal(events.filter((event) => event === 'agreement:completed').length, 1);
  assert.ok(events.indexOf('agreement:completed') < events.indexOf('consensus:completed'));
  const completed = client.eventsOf(questionId).find((entry) => entry.event === 'agreement:completed');
  assert.deepEqual((completed?.payload as unknown as { map: MapResult }).map, map);

  // Shared: the rounds and the map reach a signed-out reader.
  const shared = await scenario.post(`/api/questions/${questionId}/share`, {}, { cookie: user.cookie });
  assert.equal(shared.status, 200, JSON.stringify(shared.body));
  const page = await scenario.get(`/api/shared/${(shared.body as { shareId: string }).shareId}`);
  assert.equal(page.status, 200);
  const view = page.body as {
    responses: Array<{
      memberOrder: number | null;
      agreementMap: MapResult | null;
      debateLog: string | null;
    }>;
    rounds: Array<{
      round: number;
      answers: Array<{ memberOrder: number; positionChanged: boolean | null }>;
    }>;
  };
  assert.deepEqual(
    view.rounds.map((round) => [round.round, round.answers.map((answer) => answer.positionChanged)]),
    [
      [0, [null, null, null]],
      [1, [false, false, true]],
      [2, [false, false, false]],
    ],
  );
  const sharedConsensus = view.responses.find((response) => response.memberOrder === null);
  assert.deepEqual(sharedConsensus?.agreementMap, map);
  assert.ok(sharedConsensus?.debateLog);

  // Exported: the map as a table under the consensus.
  const exported = await scenario.get(`/api/questions/${questionId}/export`, user);
  assert.equal(exported.status, 200);
  const markdown = String(exported.body);
  const names = council.map(({ agent }) => agent.name);
  assert.ok(markdown.includes(`| Claim | ${names.join(' | ')} |`), markdown);
  assert.ok(
    markdown.includes(`| ${CLAIM_ONE} | Supports | Supports | Supports (changed in round 1) |`),
    markdown,
  );
});
