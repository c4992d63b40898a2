import {
  ASK_FORM,
  type AgentResponse,
  type ModelResponse,
  type RoleResponse,
  roleCategory,
  modelLabel,
} from '@council/contracts';
import { Crown, X } from 'lucide-react';
import { useId } from 'react';
import { ProviderAvatar } from '@/components/provider-avatar';
import { type CouncilMember } from '@/lib/default-council';
import { cn } from '@/lib/utils';

export interface CouncilMemberCardProps {
  member: CouncilMember;
  agents: readonly AgentResponse[];
  models: readonly ModelResponse[];
  roles: readonly RoleResponse[];
  /** Free councils are fixed (spec §6). */
  editable: boolean;
  removable: boolean;
  /** The debate-leader picker is on: clicking the card chooses it (spec §4). */
  leaderPickable: boolean;
  isLeader: boolean;
  onAgentChange: (agentId: number) => void;
  onModelChange: (modelId: number) => void;
  onRoleChange: (roleId: number | null) => void;
  onRemove: () => void;
  onPickLeader: () => void;
}

const selectClassName =
  'h-9 w-full min-w-0 rounded-md border border-input bg-card px-2 text-sm text-foreground shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-80';

/** One council member: agent, model and optional role (spec §2, §3). */
export function CouncilMemberCard(props: CouncilMemberCardProps) {
  const { member, agents, models, roles, editable, removable, leaderPickable, isLeader } = props;
  const id = useId();
  const agent = agents.find((candidate) => candidate.id === member.agentId);
  const agentModels = models.filter((model) => model.agentId === member.agentId);
  const title = agent?.name ?? ASK_FORM.memberLabel(member.order + 1);
  const categories = groupRoles(roles);

  return (
    <div
      role="group"
      aria-label={ASK_FORM.memberLabel(member.order + 1)}
      className={cn(
        'relative flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors',
        isLeader ? 'border-primary ring-2 ring-primary/30' : 'border-border',
      )}
    >
      <div className="flex items-center gap-3">
        <ProviderAvatar provider={agent?.provider ?? 'openai'} name={title} logoUrl={agent?.logoUrl} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-foreground">{title}</p>
          <p className="text-xs text-muted-foreground">{ASK_FORM.memberLabel(member.order + 1)}</p>
        </div>
        {removable ? (
          <button
            type="button"
            onClick={props.onRemove}
            aria-label={`${ASK_FORM.removeMember} ${title}`}
            className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>

      <div className="grid gap-2">
        <label htmlFor={`${id}-agent`} className="sr-only">
          {ASK_FORM.agentLabel}
        </label>
        <select
          id={`${id}-agent`}
          className={selectClassName}
          value={member.agentId}
          disabled={!editable}
          onChange={(event) => props.onAgentChange(Number(event.target.value))}
        >
          {agents.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-model`} className="sr-only">
          {ASK_FORM.modelLabel}
        </label>
        <select
          id={`${id}-model`}
          className={selectClassName}
          value={member.modelId}
          disabled={!editable}
          onChange={(event) => props.onModelChange(Number(event.target.value))}
        >
          {agentModels.map((model) => (
            <option key={model.id} value={model.id}>
              {modelLabel(model)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-role`} className="sr-only">
          {ASK_FORM.roleLabel}
        </label>
        <select
          id={`${id}-role`}
          className={selectClassName}
          value={member.roleId ?? ''}
          disabled={!editable}
          onChange={(event) => props.onRoleChange(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{ASK_FORM.noRole}</option>
          {categories.map(([category, categoryRoles]) => (
            <optgroup key={category} label={category}>
              {categoryRoles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>

      {leaderPickable ? (
        <button
          type="button"
          aria-pressed={isLeader}
          onClick={props.onPickLeader}
          className={cn(
            'inline-flex items-center justify-center gap-1.5 rounded-md border px-3 py-1.5 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            isLeader
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          <Crown aria-hidden="true" className="size-3.5" />
          {ASK_FORM.leaderBadge}
        </button>
      ) : null}
    </div>
  );
}

function groupRoles(roles: readonly RoleResponse[]): [string, RoleResponse[]][] {
  const groups = new Map<string, RoleResponse[]>();
  for (const role of roles) {
    const category = roleCategory(role);
    groups.set(category, [...(groups.get(category) ?? []), role]);
  }
  return [...groups.entries()];
}
