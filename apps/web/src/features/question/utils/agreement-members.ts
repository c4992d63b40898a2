// Who the agreement map names: the members whose final answers it compares, as each page knows them.

import { ASK_FORM, type AgreementClaim } from '@council/contracts';

/** A column of the map: a council member, by its question_agents.order. */
export interface AgreementMember {
  memberOrder: number;
  name: string;
  /** What the member's column opens: its final answer, as written. */
  finalAnswer: string;
}

/**
 * The map's columns: every member that has a stance, in the order the page lists its members. A
 * stance naming a member the page does not know still gets a column, named by its seat.
 */
export function agreementColumns(
  claims: readonly AgreementClaim[],
  members: readonly AgreementMember[],
): AgreementMember[] {
  const orders = new Set(claims.flatMap((claim) => claim.stances.map((stance) => stance.memberOrder)));
  const known = members.filter((member) => orders.has(member.memberOrder));
  const unknown = [...orders]
    .filter((order) => !members.some((member) => member.memberOrder === order))
    .sort((a, b) => a - b)
    .map((order) => ({ memberOrder: order, name: ASK_FORM.memberLabel(order + 1), finalAnswer: '' }));
  return [...known, ...unknown];
}

/** The name of the member behind a stance, for sentences such as "X came to this in round 2". */
export function memberNameOf(members: readonly AgreementMember[], memberOrder: number): string {
  return (
    members.find((member) => member.memberOrder === memberOrder)?.name ??
    ASK_FORM.memberLabel(memberOrder + 1)
  );
}
