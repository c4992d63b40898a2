import { ASK_FORM } from '@council/contracts';
import { type MemberStream } from '../state/question-state';

/** A member's display name: its agent, else its place in the council. */
export function memberName(member: Pick<MemberStream, 'agent' | 'order'>): string {
  return member.agent?.name ?? ASK_FORM.memberLabel(member.order + 1);
}
