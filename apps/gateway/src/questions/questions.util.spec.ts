import {
  AGENTS_MIN_MESSAGE,
  DEMO_EXAMPLE_QUESTIONS,
  NO_MODEL_REFUSAL,
  PREMIUM_FEATURE_MESSAGE,
  type Provider,
  VALIDATION_MESSAGES,
  maxAgentsMessage,
} from '@council/contracts';
import { type AgentEntity, type ModelEntity, type RoleEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import {
  type CatalogueSnapshot,
  TtlCache,
  defaultCouncil,
  parseWaitFlag,
  planCouncil,
  plannedAgentResponses,
  refuseUnanswerable,
} from './questions.util';

const agent = (id: number, provider: Provider): AgentEntity =>
  ({ id, provider, name: `a${id}` }) as AgentEntity;
const model = (id: number, agentId: number): ModelEntity => ({ id, agentId, name: `m${id}` }) as ModelEntity;

// Agents 1-4 openai, 5-8 anthropic, 9-11 xai; model 10x belongs to agent x (two each).
const catalogue: CatalogueSnapshot = {
  agents: [
    ...[1, 2, 3, 4].map((id) => agent(id, 'openai')),
    ...[5, 6, 7, 8].map((id) => agent(id, 'anthropic')),
    ...[9, 10, 11].map((id) => agent(id, 'xai')),
  ],
  models: Array.from({ length: 11 }, (_, index) => [
    model(100 + index + 1, index + 1),
    model(200 + index + 1, index + 1),
  ]).flat(),
  roles: [{ id: 1 } as RoleEntity],
  modes: {},
};

const council = (count: number) =>
  Array.from({ length: count }, (_, order) => ({
    agentId: order + 1,
    modelId: 200 + order + 1,
    roleId: 1,
    order,
  }));

function codeOf(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainException) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('no DomainException');
}

const base = { showDebate: false, showReasoning: false };

describe('planCouncil', () => {
  it('builds the default council from the first agent of each provider with its first model', () => {
    expect(defaultCouncil(catalogue)).toEqual([
      { agentId: 1, modelId: 101, roleId: null, order: 0, provider: 'openai' },
      { agentId: 5, modelId: 105, roleId: null, order: 1, provider: 'anthropic' },
      { agentId: 9, modelId: 109, roleId: null, order: 2, provider: 'xai' },
    ]);
  });

  it('seats live providers first: with only anthropic live, its agents fill every seat', () => {
    const oneLive = { ...catalogue, modes: { openai: 'demo', anthropic: 'live', xai: 'demo' } as const };
    expect(defaultCouncil(oneLive)).toEqual([
      { agentId: 5, modelId: 105, roleId: null, order: 0, provider: 'anthropic' },
      { agentId: 6, modelId: 106, roleId: null, order: 1, provider: 'anthropic' },
      { agentId: 7, modelId: 107, roleId: null, order: 2, provider: 'anthropic' },
    ]);
    expect(planCouncil('free', base, oneLive).members).toEqual(defaultCouncil(oneLive));
  });

  it('refuses a question no member can answer, and lets examples and live members through', () => {
    const allDemo = { ...catalogue, modes: { openai: 'demo', anthropic: 'demo', xai: 'demo' } as const };
    const plan = planCouncil('free', base, allDemo);
    expect(codeOf(() => refuseUnanswerable(plan, 'How do I bake sourdough?', allDemo))).toEqual({
      code: 'NO_MODEL_CONFIGURED',
      message: NO_MODEL_REFUSAL,
    });
    expect(() => refuseUnanswerable(plan, DEMO_EXAMPLE_QUESTIONS[0], allDemo)).not.toThrow();
    const premium = planCouncil('premium', { ...base, agents: council(3) }, allDemo);
    const oneLive = { ...allDemo, modes: { ...allDemo.modes, openai: 'live' } as const };
    expect(() => refuseUnanswerable(premium, 'How do I bake sourdough?', oneLive)).not.toThrow();
  });

  it('forces the defaults on free users and refuses their premium features', () => {
    expect(planCouncil('free', { ...base, agents: council(3) }, catalogue).members).toEqual(
      defaultCouncil(catalogue),
    );
    expect(codeOf(() => planCouncil('free', { ...base, showDebate: true }, catalogue))).toEqual({
      code: 'PREMIUM_FEATURE',
      message: PREMIUM_FEATURE_MESSAGE,
    });
    expect(codeOf(() => planCouncil('free', { ...base, showReasoning: true }, catalogue)).code).toBe(
      'PREMIUM_FEATURE',
    );
  });

  it('applies the member limits of each tier', () => {
    expect(planCouncil('premium', { ...base, agents: council(3) }, catalogue).members).toHaveLength(3);
    expect(codeOf(() => planCouncil('premium', { ...base, agents: council(4) }, catalogue))).toEqual({
      code: 'FORBIDDEN',
      message: maxAgentsMessage(3),
    });
    expect(planCouncil('max', { ...base, agents: council(10) }, catalogue).members).toHaveLength(10);
    expect(planCouncil('enterprise', { ...base, agents: council(10) }, catalogue).members).toHaveLength(10);
    expect(codeOf(() => planCouncil('max', { ...base, agents: council(2) }, catalogue))).toEqual({
      code: 'VALIDATION_FAILED',
      message: AGENTS_MIN_MESSAGE,
    });
    expect(planCouncil('max', { ...base, agents: [] }, catalogue).members).toEqual(defaultCouncil(catalogue));
  });

  it('refuses unknown rows, a model of another agent and repeated orders', () => {
    const [first, second, third] = council(3);
    const bad = [
      [{ ...first, agentId: 99 }, second, third],
      [{ ...first, modelId: 999 }, second, third],
      [{ ...first, modelId: 102 }, second, third],
      [{ ...first, roleId: 42 }, second, third],
    ];
    for (const agents of bad) {
      expect(codeOf(() => planCouncil('premium', { ...base, agents }, catalogue))).toEqual({
        code: 'VALIDATION_FAILED',
        message: VALIDATION_MESSAGES.memberIdInvalid,
      });
    }
    expect(
      codeOf(() =>
        planCouncil('premium', { ...base, agents: [first, second, { ...third, order: 0 }] }, catalogue),
      ).code,
    ).toBe('VALIDATION_FAILED');
  });

  it('keeps the debate leader among the members, defaulting to the first', () => {
    const agents = council(3).reverse();
    expect(
      planCouncil('premium', { ...base, showDebate: true, agents, debateLeaderId: 2 }, catalogue),
    ).toMatchObject({
      debateLeaderId: 2,
      leaderOrder: 1,
    });
    expect(planCouncil('premium', { ...base, showDebate: true, agents }, catalogue)).toMatchObject({
      debateLeaderId: 1,
      leaderOrder: 0,
    });
    expect(planCouncil('premium', { ...base, agents, debateLeaderId: 2 }, catalogue)).toMatchObject({
      debateLeaderId: null,
      leaderOrder: null,
    });
    expect(
      codeOf(() =>
        planCouncil('premium', { ...base, showDebate: true, agents, debateLeaderId: 7 }, catalogue),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGES.debateLeaderInvalid,
    });
  });

  it('reads ?wait', () => {
    expect([
      parseWaitFlag('true'),
      parseWaitFlag('1'),
      parseWaitFlag(undefined),
      parseWaitFlag('no'),
    ]).toEqual([true, true, false, false]);
  });
});

describe('plannedAgentResponses', () => {
  it('shapes the planned members with their catalogue rows, as reading them back would', () => {
    const withRole: CatalogueSnapshot = {
      ...catalogue,
      roles: [{ id: 1, name: 'Critic', description: 'Finds flaws', category: 'analysis' } as RoleEntity],
    };
    const plan = planCouncil(
      'max',
      {
        showDebate: false,
        showReasoning: false,
        agents: [
          { agentId: 5, modelId: 105, roleId: null, order: 1 },
          { agentId: 1, modelId: 201, roleId: 1, order: 0 },
          { agentId: 9, modelId: 109, order: 2 },
        ],
      },
      withRole,
    );
    const answers = plannedAgentResponses(
      42,
      plan.members,
      new Map([
        [0, 70],
        [1, 71],
        [2, 72],
      ]),
      withRole,
    );
    expect(
      answers.map(({ id, questionId, agentId, modelId, roleId, order }) => [
        id,
        questionId,
        agentId,
        modelId,
        roleId,
        order,
      ]),
    ).toEqual([
      [70, 42, 1, 201, 1, 0],
      [71, 42, 5, 105, null, 1],
      [72, 42, 9, 109, null, 2],
    ]);
    expect(answers[0]).toMatchObject({
      agent: { id: 1, name: 'a1', provider: 'openai' },
      model: { id: 201, agentId: 1, name: 'm201' },
      role: { id: 1, name: 'Critic', description: 'Finds flaws', category: 'analysis' },
    });
    expect(answers[1]?.role).toBeNull();
  });

  it('refuses a member whose id or catalogue row is missing', () => {
    const member = { agentId: 1, modelId: 101, roleId: null, order: 0, provider: 'openai' as const };
    expect(() => plannedAgentResponses(1, [member], new Map(), catalogue)).toThrow(/not in its catalogue/);
    expect(() => plannedAgentResponses(1, [{ ...member, roleId: 9 }], new Map([[0, 1]]), catalogue)).toThrow(
      /not in its catalogue/,
    );
  });
});

describe('TtlCache', () => {
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('shares one load between concurrent callers and keeps it for the TTL after it settles', async () => {
    let now = 1_000;
    const loads: ReturnType<typeof deferred<string>>[] = [];
    const cache = new TtlCache(
      () => {
        const load = deferred<string>();
        loads.push(load);
        return load.promise;
      },
      5_000,
      () => now,
    );
    const first = cache.get();
    now = 9_000; // a slow load: the TTL counts from when it settled, not from when it started
    const second = cache.get();
    expect(loads).toHaveLength(1);
    loads[0]?.resolve('v1');
    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    now = 13_999;
    expect(await cache.get()).toBe('v1');
    expect(loads).toHaveLength(1);
    now = 14_000;
    const third = cache.get();
    expect(loads).toHaveLength(2);
    loads[1]?.resolve('v2');
    expect(await third).toBe('v2');
  });

  it('does not keep a failed load', async () => {
    let calls = 0;
    const cache = new TtlCache(
      () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('database down')) : Promise.resolve('ok');
      },
      5_000,
      () => 0,
    );
    await expect(cache.get()).rejects.toThrow('database down');
    expect(await cache.get()).toBe('ok');
    expect(await cache.get()).toBe('ok');
    expect(calls).toBe(2);
  });
});
