// "Let me weigh in" on the whole stack: a premium debate pauses after the opening answers; the
// consensus worker is killed during the pause and another one started; the asker's note then ends
// the pause, and every member's next-round prompt carries it (the real SDKs against the fake).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FakeProviderRequest } from '@council/testing';
import { type Scenario, startScenario } from './lib/scenario.ts';

const QUESTION = 'Should our team of five adopt Kubernetes now?';
const NOTE = 'We have no ops engineer and a budget of £500 a month.';

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'weigh-in',
    workers: ['worker-a'],
    fake: {
      tokensPerSecond: 400,
      // Nobody changes position: without a note the debate would end after round 1.
      generateText: (request: FakeProviderRequest) => {
        const content = request.messages.at(-1)?.content ?? '';
        if (request.structured) return '{"claims": []}';
        if (content.startsWith('Debate round')) return 'Not yet: keep it simple.\n\nPosition: unchanged';
        return 'Not yet: keep it simple.';
      },
    },
  });
});

after(() => scenario?.cleanup());

interface Paused {
  pausedAfterRound: number | null;
  pauseEndsAt: Date | null;
}

test('a note sent during the pause, after a consensus worker restart, reaches every member in the next round', async () => {
  const user = await scenario.register();
  await scenario.subscribe(user, 'premium');
  const client = await scenario.client(user).connect();
  const asked = await scenario.post(
    '/api/questions',
    { question: QUESTION, showDebate: true, weighIn: true },
    { cookie: user.cookie },
  );
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const questionId = (asked.body as { question: { id: number; weighIn: boolean } }).question.id;
  assert.equal((await client.subscribe(questionId))?.ok, true);

  await client.until(() => client.count(questionId, 'debate:paused') === 1, { what: 'the first pause' });
  const [paused] = await scenario.query<Paused>(
    `SELECT "pausedAfterRound", "pauseEndsAt" FROM "questions" WHERE "id" = $1`,
    [questionId],
  );
  assert.equal(paused?.pausedAfterRound, 0);
  assert.ok(
    paused.pauseEndsAt && paused.pauseEndsAt.getTime() > Date.now(),
    'the pause is stored with its end',
  );

  // The consensus worker dies during the pause; another takes over the delayed flow parent.
  const consensus = scenario.apps.consensus;
  assert.ok(consensus);
  consensus.service.child.kill('SIGKILL');
  await scenario.startConsensus();

  // A reload finds the pause on the question itself.
  const detail = await scenario.get(`/api/questions/${questionId}`, user);
  assert.equal((detail.body as { question: Paused }).question.pausedAfterRound, 0);

  const noted = await scenario.post(
    `/api/questions/${questionId}/notes`,
    { note: NOTE },
    { cookie: user.cookie },
  );
  assert.equal(noted.status, 200, JSON.stringify(noted.body));

  // Round 1 ends with nobody moved; Continue skips the second pause (the note already earned round 1).
  await client.until(() => client.count(questionId, 'debate:paused') === 2, {
    what: 'the pause after round 1',
  });
  const continued = await scenario.post(`/api/questions/${questionId}/continue`, {}, { cookie: user.cookie });
  assert.equal(continued.status, 200, JSON.stringify(continued.body));
  await client.finished(questionId, 90_000);
  assert.equal(await scenario.questionStatus(questionId), 'completed');
  await scenario.expectConsistent(questionId, { clients: [client], userId: user.id });

  const revisions = scenario.fake.requests.filter(
    (request) =>
      request.messages.some((message) => message.content.includes(QUESTION)) &&
      request.messages.at(-1)?.content.startsWith('Debate round 1.'),
  );
  assert.equal(revisions.length, 3, 'every member revised in round 1');
  for (const revision of revisions) {
    assert.ok(
      revision.messages.at(-1)?.content.includes(`<asker_note>\n${NOTE}\n</asker_note>`),
      'the note is in the prompt',
    );
  }
  const later = scenario.fake.requests.filter((request) =>
    request.messages.at(-1)?.content.startsWith('Debate round 2.'),
  );
  assert.equal(later.length, 0, 'no note and no change after round 1: no round 2');

  const events = client.eventsOf(questionId).map((entry) => entry.event);
  assert.deepEqual(
    events.filter((event) => event.startsWith('debate:') && event !== 'debate:round'),
    ['debate:paused', 'debate:note', 'debate:resumed', 'debate:paused', 'debate:resumed'],
  );
  const [consensusRow] = await scenario.query<{ debateLog: string }>(
    `SELECT "debateLog" FROM "responses" WHERE "questionId" = $1 AND "provider" = 'consensus'`,
    [questionId],
  );
  assert.ok(consensusRow?.debateLog.includes(`### Your note after the opening answers\n\n${NOTE}`));
});
