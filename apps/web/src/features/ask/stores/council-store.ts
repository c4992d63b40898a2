// The council selection (spec §3 "Council member selection", §4 "Agent selection"): client state, so
// it lives in zustand. The tier rules come from libs/contracts' plan helpers; a refused change shows
// the spec §5 toast and leaves the selection as it was.
import {
  ASK_TOASTS,
  type SubscriptionTier,
  canChangeAgents,
  canRemoveAgent,
  canUseDebate,
  canUseReasoning,
  maxAgentsFor,
} from '@council/contracts';
import { create } from 'zustand';
import { toast } from '@/components/ui/use-toast';
import {
  type CouncilCatalogue,
  type CouncilMember,
  defaultCouncil,
  firstModelOf,
} from '@/lib/default-council';

interface CouncilState {
  members: CouncilMember[];
  showDebate: boolean;
  showReasoning: boolean;
  /** Agent id of the member that writes the consensus; sent only with debate on. */
  debateLeaderId: number | null;
  /** "Let me weigh in": the debate pauses after each round for a note; only with debate on. */
  weighIn: boolean;
  /** "Stop at N tokens" as typed ('' for no limit); checked on asking (checkTokenCap). */
  tokenCap: string;
}

interface CouncilActions {
  /** Fills an empty selection with the default council once the catalogue has loaded. */
  initialize: (catalogue: CouncilCatalogue) => void;
  /**
   * Brings a selection made under another tier (a different user in this tab, a downgrade) within the
   * current tier's rules: free councils are the defaults, larger councils are cut to the limit, and
   * premium options are switched off where the tier lacks them.
   */
  fitToTier: (tier: SubscriptionTier, catalogue: CouncilCatalogue) => void;
  changeAgent: (tier: SubscriptionTier, order: number, agentId: number, catalogue: CouncilCatalogue) => void;
  changeModel: (tier: SubscriptionTier, order: number, modelId: number) => void;
  changeRole: (tier: SubscriptionTier, order: number, roleId: number | null) => void;
  /** Appends the first agent not yet chosen; false (with a toast) when refused. */
  addMember: (tier: SubscriptionTier, catalogue: CouncilCatalogue) => boolean;
  /** Removes a member and renumbers; false (with a toast) when refused. */
  removeMember: (tier: SubscriptionTier, order: number) => boolean;
  setShowDebate: (value: boolean) => void;
  setShowReasoning: (value: boolean) => void;
  setWeighIn: (value: boolean) => void;
  setTokenCap: (text: string) => void;
  /** Clicking the leader again clears the choice. */
  toggleDebateLeader: (agentId: number) => void;
  reset: () => void;
}

const INITIAL_STATE: CouncilState = {
  members: [],
  showDebate: false,
  showReasoning: false,
  debateLeaderId: null,
  weighIn: false,
  tokenCap: '',
};

function sameCouncil(a: CouncilMember[], b: CouncilMember[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (member, index) =>
        member.agentId === b[index].agentId &&
        member.modelId === b[index].modelId &&
        member.roleId === b[index].roleId &&
        member.order === b[index].order,
    )
  );
}

function renumber(members: CouncilMember[]): CouncilMember[] {
  return members.map((member, order) => ({ ...member, order }));
}

/** The leader must stay one of the members. */
function keepLeader(leaderId: number | null, members: CouncilMember[]): number | null {
  return leaderId !== null && members.some((member) => member.agentId === leaderId) ? leaderId : null;
}

export const useCouncilStore = create<CouncilState & CouncilActions>()((set, get) => ({
  ...INITIAL_STATE,

  initialize: (catalogue) => {
    if (get().members.length > 0) return;
    set({ members: defaultCouncil(catalogue) });
  },

  fitToTier: (tier, catalogue) => {
    const state = get();
    let members = state.members.length === 0 ? defaultCouncil(catalogue) : state.members;
    if (!canChangeAgents(tier)) {
      const defaults = defaultCouncil(catalogue);
      if (!sameCouncil(members, defaults)) members = defaults;
    } else if (members.length > maxAgentsFor(tier)) {
      members = members.slice(0, maxAgentsFor(tier));
    }
    const showDebate = state.showDebate && canUseDebate(tier);
    const showReasoning = state.showReasoning && canUseReasoning(tier);
    const debateLeaderId = showDebate ? keepLeader(state.debateLeaderId, members) : null;
    const weighIn = state.weighIn && showDebate;
    if (
      members !== state.members ||
      showDebate !== state.showDebate ||
      showReasoning !== state.showReasoning ||
      debateLeaderId !== state.debateLeaderId ||
      weighIn !== state.weighIn
    ) {
      set({ members, showDebate, showReasoning, debateLeaderId, weighIn });
    }
  },

  changeAgent: (tier, order, agentId, catalogue) => {
    if (!canChangeAgents(tier)) return;
    const model = firstModelOf(catalogue.models, agentId);
    if (!model) return;
    const members = get().members.map((member) =>
      member.order === order ? { ...member, agentId, modelId: model.id, roleId: null } : member,
    );
    set({ members, debateLeaderId: keepLeader(get().debateLeaderId, members) });
  },

  changeModel: (tier, order, modelId) => {
    if (!canChangeAgents(tier)) return;
    set({
      members: get().members.map((member) => (member.order === order ? { ...member, modelId } : member)),
    });
  },

  changeRole: (tier, order, roleId) => {
    if (!canChangeAgents(tier)) return;
    set({
      members: get().members.map((member) => (member.order === order ? { ...member, roleId } : member)),
    });
  },

  addMember: (tier, catalogue) => {
    const { members } = get();
    const limit = maxAgentsFor(tier);
    if (!canChangeAgents(tier) || members.length >= limit) {
      toast(ASK_TOASTS.maxAgentsReached(limit));
      return false;
    }
    const chosen = new Set(members.map((member) => member.agentId));
    const agent = catalogue.agents.find(
      (candidate) => !chosen.has(candidate.id) && firstModelOf(catalogue.models, candidate.id) !== undefined,
    );
    const model = agent && firstModelOf(catalogue.models, agent.id);
    if (!agent || !model) {
      toast(ASK_TOASTS.noMoreAgents);
      return false;
    }
    set({
      members: [...members, { agentId: agent.id, modelId: model.id, roleId: null, order: members.length }],
    });
    return true;
  },

  removeMember: (tier, order) => {
    const { members, debateLeaderId } = get();
    if (!canRemoveAgent(tier, members.length)) {
      toast(ASK_TOASTS.cannotRemoveAgent);
      return false;
    }
    const remaining = renumber(members.filter((member) => member.order !== order));
    set({ members: remaining, debateLeaderId: keepLeader(debateLeaderId, remaining) });
    return true;
  },

  setShowDebate: (showDebate) =>
    set(showDebate ? { showDebate } : { showDebate, debateLeaderId: null, weighIn: false }),
  setShowReasoning: (showReasoning) => set({ showReasoning }),
  setWeighIn: (weighIn) => set((state) => ({ weighIn: weighIn && state.showDebate })),
  setTokenCap: (tokenCap) => set({ tokenCap }),
  toggleDebateLeader: (agentId) =>
    set((state) => ({ debateLeaderId: state.debateLeaderId === agentId ? null : agentId })),
  reset: () => set(INITIAL_STATE),
}));
