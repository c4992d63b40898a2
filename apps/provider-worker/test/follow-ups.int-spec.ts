// A follow-up's members each read their own thread (docs/decisions.md, "25. Follow-ups"): real
// PostgreSQL and Redis, BullMQ flows, and the real OpenAI and Anthropic SDKs against the fake
// provider server, whose record of each request shows exactly what every member was sent.

import { PROVIDERS, QUEUES, type Provider, finaliseJobId } from '@council/contracts';
import { createDataSourceOptions } from '@council/db';
import {
  type QuestionFlowMember,
  type RedisClient,
  buildQuestionFlow,
  closeBullMq,
} from '@council/server-kit';
import {
  type CouncilCatalogue,
  type FakeProviderRequest,
  type FakeProviderServer,
  type TestDatabase,
  type TestRedis,
  addCouncilMembers,
  createMigratedDatabase,
  createTestQuestion,
  createTestResponse,
  createTestUser,
  loadCouncilCatalogue,
  startFakeProviderServer,
  testRedis,
  waitUntil,
} from '@council/testing';
import { FlowProducer, Queue, type Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { createProviderWorkers, providerJobRunner } from './support/provider-job-runner';

const API_KEY = 'test-key';
const FAST = { backoffDelayMs: 20 };
const QUESTIONS = ['Which database suits a ledger?', 'And for the audit log?', 'How would you shard it?'];

const answerOf = (turn: number, order: number): string =>
  `Turn ${turn} answer of member ${order} (${PROVIDERS[order]}).`;
const CONSENSUS_ONE = 'The council agrees: PostgreSQL, with an append-only table.';

describe('follow-ups: each member reads its own thread (fake OpenAI, Anthropic and xAI)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let redisEnv: TestRedis;
  let redis: RedisClient;
  let fake: FakeProviderServer;
  let usageQueue: Queue;
  let consensusQueue: Queue;
  let flows: FlowProducer;
  let workers: Worker[];
  let catalogue: CouncilCatalogue;

  beforeAll(async () => {
    db = await createMigratedDatabase('provider_follow_ups', { seed: true });
    dataSource = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 6 }));
    await dataSource.initialize();
    redisEnv = testRedis('provider-follow-ups');
    redis = redisEnv.client();
    fake = await startFakeProviderServer();
    usageQueue = new Queue(QUEUES.usage, {
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(QUEUES.usage),
    });
    consensusQueue = new Queue(QUEUES.consensus, {
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(QUEUES.consensus),
    });
    flows = new FlowProducer({
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(QUEUES.consensus),
    });
    const runner = await providerJobRunner({
      dataSource,
      redis,
      prefix: redisEnv.prefix,
      usageQueue,
      llm: {
        openai: { apiKey: API_KEY, baseUrl: fake.openaiBaseUrl },
        anthropic: { apiKey: API_KEY, baseUrl: fake.anthropicBaseUrl },
        xai: { apiKey: API_KEY, baseUrl: fake.baseUrlFor('/xai/v1') },
      },
      idleTimeoutMs: 2000,
    });
    workers = createProviderWorkers(runner, {
      providers: PROVIDERS,
      connection: () => redisEnv.connection(),
      redisPrefix: redisEnv.prefix,
      concurrency: 5,
    });
    catalogue = await loadCouncilCatalogue(dataSource);
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => closeBullMq(worker)));
    await Promise.all([usageQueue, consensusQueue, flows].map((owner) => closeBullMq(owner)));
    await fake.stop();
    redis.disconnect();
    await redisEnv.cleanup();
    await dataSource.destroy();
    await db.drop();
  });

  /**
   * Two finished turns written as the workers would have: turn 1 with a debate (each member's
   * round-1 revision is its final answer) and a consensus, turn 2 without; then turn 3, asked.
   */
  async function conversation(threadOmittedTurns = 0) {
    const user = await createTestUser(dataSource);
    const first = await createTestQuestion(dataSource, user.id, {
      question: QUESTIONS[0],
      showDebate: true,
      status: 'completed',
    });
    await addCouncilMembers(dataSource, first.id, catalogue);
    const second = await createTestQuestion(dataSource, user.id, {
      question: QUESTIONS[1],
      status: 'completed',
      conversationId: first.id,
    });
    await addCouncilMembers(dataSource, second.id, catalogue);
    for (const [order, provider] of PROVIDERS.entries()) {
      const member = { provider, memberOrder: order, status: 'completed' as const };
      await createTestResponse(dataSource, first.id, { ...member, round: 0, response: `Opening ${order}.` });
      await createTestResponse(dataSource, first.id, { ...member, round: 1, response: answerOf(1, order) });
      await createTestResponse(dataSource, second.id, { ...member, round: 0, response: answerOf(2, order) });
    }
    await createTestResponse(dataSource, first.id, {
      provider: 'consensus',
      memberOrder: null,
      status: 'completed',
      response: CONSENSUS_ONE,
    });
    const third = await createTestQuestion(dataSource, user.id, {
      question: QUESTIONS[2],
      conversationId: first.id,
      threadOmittedTurns,
    });
    const members = await addCouncilMembers(dataSource, third.id, catalogue);
    return { userId: user.id, questionId: third.id, members };
  }

  async function run(questionId: number, userId: number, members: QuestionFlowMember[]) {
    const before = fake.requests.length;
    await flows.add(
      buildQuestionFlow({ id: questionId, userId, showDebate: false, showReasoning: false }, members, FAST),
    );
    await waitUntil(async () => (await consensusQueue.getJobState(finaliseJobId(questionId))) === 'waiting');
    return fake.requests.slice(before);
  }

  const requestOf = (requests: FakeProviderRequest[], provider: Provider): FakeProviderRequest => {
    const found = requests.find((request) =>
      provider === 'anthropic'
        ? request.api === 'anthropic'
        : request.api === 'openai' && request.path.includes('/xai/') === (provider === 'xai'),
    );
    if (!found) throw new Error(`No request to ${provider}`);
    return found;
  };

  it("sends each member every earlier question, its own final answers and the council's consensus", async () => {
    const { userId, questionId, members } = await conversation();
    const requests = await run(questionId, userId, members);
    expect(requests).toHaveLength(PROVIDERS.length);
    for (const [order, provider] of PROVIDERS.entries()) {
      const { messages, api } = requestOf(requests, provider);
      expect(messages.map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
      ]);
      expect(messages[0]!.content).toBe(QUESTIONS[0]);
      // Its last revision, not its opening answer.
      expect(messages[1]!.content).toBe(answerOf(1, order));
      // The consensus of turn 1 leads turn 2's question, marked as the council's.
      expect(messages[2]!.content).toContain("The council's consensus");
      expect(messages[2]!.content).toContain(CONSENSUS_ONE);
      expect(messages[2]!.content.endsWith(QUESTIONS[1]!)).toBe(true);
      expect(messages[3]!.content).toBe(answerOf(2, order));
      // Turn 2 had no consensus: the new question stands alone.
      expect(messages[4]!.content).toBe(QUESTIONS[2]);
      const sent = messages.map((message) => message.content).join('\n');
      for (const other of PROVIDERS.keys()) {
        if (other === order) continue;
        expect(sent).not.toContain(answerOf(1, other));
        expect(sent).not.toContain(answerOf(2, other));
      }
      expect(api).toBe(provider === 'anthropic' ? 'anthropic' : 'openai');
    }
  });

  it('leaves out the oldest turns the gateway left out', async () => {
    const { userId, questionId, members } = await conversation(1);
    const requests = await run(questionId, userId, members);
    for (const [order, provider] of PROVIDERS.entries()) {
      const { messages } = requestOf(requests, provider);
      expect(messages.map((message) => message.content)).toEqual([
        QUESTIONS[1],
        answerOf(2, order),
        QUESTIONS[2],
      ]);
    }
  });
});
