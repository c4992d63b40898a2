import { WEIGH_IN_TEXTS } from '@council/contracts';
import { type CouncilMemberRef, memberLabel } from './council-member.util';

/** The asker's note after a round ("Let me weigh in"). */
export interface DebateLogNote {
  afterRound: number;
  note: string;
}

/** One stored answer of the debate; the consensus row has no member. */
export interface DebateLogAnswer {
  memberOrder: number | null;
  round: number;
  response: string;
}

/**
 * The debate transcript (markdown) stored with the consensus: one section per member answer, in
 * the order given (by round, then member), consensus rows left out, and the asker's note after the
 * round it followed.
 */
export function buildDebateLog(
  members: readonly CouncilMemberRef[],
  answers: readonly DebateLogAnswer[],
  notes: readonly DebateLogNote[] = [],
): string {
  const sections: string[] = [];
  const noteAfter = (round: number) => {
    const note = notes.find((entry) => entry.afterRound === round);
    if (note) sections.push(`### ${WEIGH_IN_TEXTS.noteHeading(round)}\n\n${note.note.trim()}`);
  };
  let previousRound: number | null = null;
  for (const answer of answers) {
    if (answer.memberOrder === null) continue;
    if (previousRound !== null && answer.round !== previousRound) noteAfter(previousRound);
    previousRound = answer.round;
    const member = members.find((candidate) => candidate.order === answer.memberOrder);
    const who = member ? memberLabel(member) : `Member ${answer.memberOrder + 1}`;
    const heading = answer.round === 0 ? 'Opening answer' : `Round ${answer.round}`;
    sections.push(`### ${heading} — ${who}\n\n${answer.response.trim()}`);
  }
  if (previousRound !== null) noteAfter(previousRound);
  return sections.join('\n\n');
}
