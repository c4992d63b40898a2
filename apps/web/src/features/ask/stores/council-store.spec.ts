import { ASK_TOASTS } from '@council/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { defaultCouncil } from '@/lib/default-council';
import { agentsFixture, catalogueFixture, modelsFixture } from '@/testing/ask.fixture';
import { useCouncilStore } from './council-store';

const store = () => useCouncilStore.getState();
const lastToast = () => useToastStore.getState().toasts[0];

beforeEach(() => {
  store().reset();
  useToastStore.setState({ toasts: [] });
});

describe('council selection', () => {
  it('starts empty and fills with the first agent of each provider and its first model', () => {
    expect(store().members).toEqual([]);
    store().initialize(catalogueFixture);
    expect(store().members).toEqual([
      { agentId: 1, modelId: 11, roleId: null, order: 0 },
      { agentId: 3, modelId: 31, roleId: null, order: 1 },
      { agentId: 4, modelId: 41, roleId: null, order: 2 },
    ]);
  });

  it('does not overwrite a selection that is already there', () => {
    store().initialize(catalogueFixture);
    store().changeModel('premium', 0, 12);
    store().initialize(catalogueFixture);
    expect(store().members[0].modelId).toBe(12);
  });

  it('fills the seat of a provider without an agent from the live providers', () => {
    expect(defaultCouncil({ agents: agentsFixture.slice(0, 3), models: modelsFixture })).toEqual([
      { agentId: 1, modelId: 11, roleId: null, order: 0 },
      { agentId: 3, modelId: 31, roleId: null, order: 1 },
      { agentId: 2, modelId: 21, roleId: null, order: 2 },
    ]);
  });

  it('seats only live members while any provider is live', () => {
    const agents = agentsFixture.map((agent) => ({ ...agent, demo: agent.provider !== 'anthropic' }));
    expect(defaultCouncil({ agents, models: modelsFixture }).map((member) => member.agentId)).toEqual([
      3, 5, 3,
    ]);
  });

  it('changing the agent resets the model to its first and clears the role', () => {
    store().initialize(catalogueFixture);
    store().changeRole('premium', 1, 7);
    store().changeModel('premium', 1, 32);
    store().changeAgent('premium', 1, 5, catalogueFixture);
    expect(store().members[1]).toEqual({ agentId: 5, modelId: 51, roleId: null, order: 1 });
  });

  it('lets a free user change nothing', () => {
    store().initialize(catalogueFixture);
    const before = store().members;
    store().changeAgent('free', 0, 2, catalogueFixture);
    store().changeModel('free', 0, 12);
    store().changeRole('free', 0, 7);
    expect(store().members).toBe(before);
  });

  it('adds the first agent not yet chosen, with its first model, for max users', () => {
    store().initialize(catalogueFixture);
    expect(store().addMember('max', catalogueFixture)).toBe(true);
    expect(store().members[3]).toEqual({ agentId: 2, modelId: 21, roleId: null, order: 3 });
    expect(store().addMember('max', catalogueFixture)).toBe(true);
    expect(store().members[4].agentId).toBe(5);
  });

  it('refuses to add beyond the tier limit with "Maximum agents reached"', () => {
    store().initialize(catalogueFixture);
    expect(store().addMember('free', catalogueFixture)).toBe(false);
    expect(lastToast()).toMatchObject(ASK_TOASTS.maxAgentsReached(3));
    expect(store().addMember('premium', catalogueFixture)).toBe(false);
    expect(lastToast()).toMatchObject({
      title: 'Maximum agents reached',
      description: 'You can only add up to 3 agents with your current subscription',
    });
    expect(store().members).toHaveLength(3);
  });

  it('says "No more agents available" once every agent is chosen', () => {
    store().initialize(catalogueFixture);
    store().addMember('max', catalogueFixture);
    store().addMember('max', catalogueFixture);
    expect(store().addMember('max', catalogueFixture)).toBe(false);
    expect(lastToast()).toMatchObject({
      title: 'No more agents available',
      description: "You've already selected all available agents",
    });
  });

  it('removes and renumbers for max users while more than 3 remain', () => {
    store().initialize(catalogueFixture);
    store().addMember('max', catalogueFixture);
    expect(store().removeMember('max', 1)).toBe(true);
    expect(store().members.map((member) => [member.agentId, member.order])).toEqual([
      [1, 0],
      [4, 1],
      [2, 2],
    ]);
  });

  it('refuses to remove below 3, and for non-max users, with "Cannot remove agent"', () => {
    store().initialize(catalogueFixture);
    expect(store().removeMember('max', 0)).toBe(false);
    expect(lastToast()).toMatchObject({
      title: 'Cannot remove agent',
      description: 'At least 3 agents are required',
    });
    store().addMember('max', catalogueFixture);
    useToastStore.setState({ toasts: [] });
    expect(store().removeMember('premium', 0)).toBe(false);
    expect(lastToast()).toMatchObject(ASK_TOASTS.cannotRemoveAgent);
    expect(store().members).toHaveLength(4);
  });

  it('keeps the debate leader only while it is a member and debate is on', () => {
    store().initialize(catalogueFixture);
    store().setShowDebate(true);
    store().toggleDebateLeader(3);
    expect(store().debateLeaderId).toBe(3);
    store().changeAgent('premium', 1, 5, catalogueFixture);
    expect(store().debateLeaderId).toBeNull();
    store().toggleDebateLeader(4);
    store().toggleDebateLeader(4);
    expect(store().debateLeaderId).toBeNull();
    store().toggleDebateLeader(4);
    store().setShowDebate(false);
    expect(store().debateLeaderId).toBeNull();
  });

  it('weighs in only with debate on, and forgets it when debate goes off', () => {
    store().setWeighIn(true);
    expect(store().weighIn).toBe(false);
    store().setShowDebate(true);
    store().setWeighIn(true);
    expect(store().weighIn).toBe(true);
    store().setShowDebate(false);
    expect(store().weighIn).toBe(false);
  });

  it('keeps the Stop at field as typed, on every plan, until reset', () => {
    store().initialize(catalogueFixture);
    store().setTokenCap('5,000');
    store().fitToTier('free', catalogueFixture);
    expect(store().tokenCap).toBe('5,000');
    store().reset();
    expect(store().tokenCap).toBe('');
  });
});

describe('fitting a selection to the tier', () => {
  it('gives a free user the default council and no premium options', () => {
    store().initialize(catalogueFixture);
    store().addMember('max', catalogueFixture);
    store().changeRole('max', 0, 7);
    store().setShowDebate(true);
    store().setShowReasoning(true);
    store().toggleDebateLeader(1);
    store().setWeighIn(true);
    store().fitToTier('free', catalogueFixture);
    expect(store()).toMatchObject({
      members: defaultCouncil(catalogueFixture),
      showDebate: false,
      showReasoning: false,
      debateLeaderId: null,
      weighIn: false,
    });
  });

  it('cuts a max council to the premium limit and keeps a selection that fits', () => {
    store().initialize(catalogueFixture);
    store().addMember('max', catalogueFixture);
    store().fitToTier('premium', catalogueFixture);
    expect(store().members).toHaveLength(3);
    const fitted = store().members;
    store().fitToTier('premium', catalogueFixture);
    expect(store().members).toBe(fitted);
  });

  it('fills an empty selection', () => {
    store().fitToTier('max', catalogueFixture);
    expect(store().members).toEqual(defaultCouncil(catalogueFixture));
  });
});
