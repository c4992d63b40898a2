import {
  AGENTS_MIN_MESSAGE,
  PREMIUM_FEATURE_MESSAGE,
  type Provider,
  VALIDATION_MESSAGES,
  maxAgentsMessage,
} from '@council/contracts';
import { type AgentEntity, type ModelEntity, type RoleEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { type CatalogueSnapshot, defaultCouncil, parseWaitFlag, planCouncil } from './questions.util';

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
