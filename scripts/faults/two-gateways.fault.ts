// Two gateway instances and two workers per provider queue: any client on any gateway receives
// every answer of its question, whichever gateway took the question and whichever worker answered.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Scenario, startScenario, type StreamClient } from './lib/scenario.ts';

let scenario: Scenario;

before(async () => {
  scenario = await startScenario({
    name: 'gateways',
    gateways: 2,
    workers: ['worker-a', 'worker-b'],
    fake: { tokensPerSecond: 40 },
  });
});

after(() => scenario?.cleanup());

test('any client on any gateway receives every answer', async () => {
  const users = await Promise.all([0, 1, 2, 3].map((index) => scenario.register(index % 2)));
  // Each user has one client on each gateway; questions are asked through alternating gateways.
  const clients: StreamClient[] = [];
  for (const user of users) {
    clients.push(
      await scenario.client(user, `${user.username}@gateway-1`).connect(0),
      await scenario.client(user, `${user.username}@gateway-2`).connect(1),
    );
  }
  const questions = await Promise.all(
    users.map((user, index) =>
      scenario.askOk(user, `Two gateways, question ${index + 1}?`, { gateway: index % 2 }),
    ),
  );
  await Promise.all(
    users.flatMap((_user, index) =>
      [clients[2 * index], clients[2 * index + 1]].map(async (client) => {
        const ack = await client.subscribe(questions[index]);
        assert.equal(ack?.ok, true, `${client.label}: subscribe refused: ${JSON.stringify(ack)}`);
      }),
    ),
  );
  await Promise.all(clients.map((client, index) => client.finished(questions[Math.floor(index / 2)])));

  for (const [index, questionId] of questions.entries()) {
    const pair = [clients[2 * index], clients[2 * index + 1]];
    assert.equal(
      await scenario.questionStatus(questionId),
      'completed',
      `question ${questionId} did not complete`,
    );
    const rows = await scenario.expectConsistent(questionId, { clients: pair, userId: users[index].id });
    assert.equal(
      rows.filter((row) => row.status === 'completed').length,
      3,
      `question ${questionId}: 3 answers`,
    );
    for (const client of pair) {
      assert.equal(
        client.count(questionId, 'answer:completed'),
        3,
        `${client.label} saw ${client.count(questionId, 'answer:completed')} of 3 answer:completed events`,
      );
    }
  }
  const workers = new Set(scenario.fake.requests.map((request) => scenario.workerOf(request)));
  assert.deepEqual([...workers].sort(), ['worker-a', 'worker-b'], 'both workers took jobs');
});
