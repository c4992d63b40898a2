import { type CouncilMemberRef, memberLabel } from './council-member.util';

/** One stored answer of the debate; the consensus row has no member. */
export interface DebateLogAnswer {
  memberOrder: number | null;
  round: number;
  response: string;
}

/**
 * The debate transcript (markdown) stored with the consensus: one section per member answer, in
 * the order given (by round, then member), consensus rows left out.
 */
export function buildDebateLog(
  members: readonly CouncilMemberRef[],
  answers: readonly DebateLogAnswer[],
): string {
  const sections: string[] = [];
  for (const answer of answers) {
    if (answer.memberOrder === null) continue;
    const member = members.find((candidate) => candidate.order === answer.memberOrder);
    const who = member ? memberLabel(member) : `Member ${answer.memberOrder + 1}`;
    const heading = answer.round === 0 ? 'Opening answer' : `Round ${answer.round}`;
    sections.push(`### ${heading} — ${who}\n\n${answer.response.trim()}`);
  }
  return sections.join('\n\n');
}
