/** What naming a council member needs (a question_agents row with its agent and model loaded). */
export interface CouncilMemberRef {
  /** 0-based place in the council. */
  order: number;
  agent?: { name: string } | null;
  model?: { name: string } | null;
}

/** How a member is named to the others, e.g. "Claude (Claude Sonnet 4)". */
export function memberLabel(member: CouncilMemberRef): string {
  const agent = member.agent?.name ?? `Member ${member.order + 1}`;
  return member.model ? `${agent} (${member.model.name})` : agent;
}
