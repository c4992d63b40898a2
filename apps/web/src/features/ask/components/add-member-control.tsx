import { ASK_FORM, type SubscriptionTier, maxAgentsFor } from '@council/contracts';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type Catalogue } from '@/lib/catalogue';
import { type CouncilMember, firstModelOf } from '@/lib/default-council';

interface AddMemberControlProps {
  tier: SubscriptionTier;
  /** The plan lets the asker choose the council (signed in, on a paid plan). */
  editable: boolean;
  catalogue: Catalogue | null | undefined;
  members: readonly CouncilMember[];
  onAdd: () => void;
}

/**
 * "Add agent" while a seat can be added; once the plan's limit is reached, or every agent is
 * seated, the reason in its place instead of a button that could only refuse.
 */
export function AddMemberControl({ tier, editable, catalogue, members, onAdd }: AddMemberControlProps) {
  if (editable && catalogue) {
    const limit = maxAgentsFor(tier);
    const seated = new Set(members.map((member) => member.agentId));
    const anyLeft = catalogue.agents.some(
      (agent) => !seated.has(agent.id) && firstModelOf(catalogue.models, agent.id) !== undefined,
    );
    const note =
      members.length >= limit ? ASK_FORM.agentLimit(limit) : anyLeft ? null : ASK_FORM.allAgentsSeated;
    if (note) {
      return (
        <p className="text-xs text-muted-foreground" data-testid="add-member-note">
          {note}
        </p>
      );
    }
  }
  return (
    <Button variant="outline" size="sm" disabled={!catalogue || !editable} onClick={onAdd}>
      <Plus aria-hidden="true" />
      {ASK_FORM.addMember}
    </Button>
  );
}
