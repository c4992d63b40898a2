import {
  DEMO_PROVIDER_LABEL,
  HISTORY_SCREEN,
  type QuestionAgentResponse,
  modelLabel,
} from '@council/contracts';
import { ProviderAvatar } from '@/components/provider-avatar';
import { Badge } from '@/components/ui/badge';
import { useIsDemoProvider } from '../hooks/use-demo-providers';

/** Agent, model with version and role of each member, or the default-council note (spec §2). */
export function QuestionMembers({ members }: { members: QuestionAgentResponse[] }) {
  const isDemo = useIsDemoProvider();
  if (members.length === 0) {
    return <p className="text-sm text-muted-foreground">{HISTORY_SCREEN.defaultCouncil}</p>;
  }
  const sorted = [...members].sort((a, b) => a.order - b.order);
  return (
    <ul aria-label={HISTORY_SCREEN.membersLabel} className="flex flex-wrap gap-2">
      {sorted.map((member) => {
        const model = modelLabel(member.model);
        return (
          <li
            key={member.id}
            className="flex min-w-0 max-w-full items-center gap-2 rounded-full border border-border bg-card py-1 pl-1 pr-3 text-xs"
          >
            <ProviderAvatar
              provider={member.agent.provider}
              name={member.agent.name}
              logoUrl={member.agent.logoUrl}
              className="size-6 text-xs"
            />
            <span className="min-w-0 truncate">
              <span className="font-semibold text-foreground">{member.agent.name}</span>
              <span className="text-muted-foreground"> · {model}</span>
            </span>
            {member.role ? <Badge variant="muted">{member.role.name}</Badge> : null}
            {isDemo(member.agent.provider, member.agent) ? (
              <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
                {DEMO_PROVIDER_LABEL}
              </Badge>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
