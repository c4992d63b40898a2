// The demo's agreement map: one claim per position some member holds, read from the members' own
// scripted texts, so the map always matches what the cards say. A member whose answer the demo did
// not write (a live member) is silent on every claim: the demo cannot read it.

import { type AgreementMapPromptContent } from '../../prompts/agreement-map.prompt';
import { exampleFor, identify } from './demo-script';

interface ReplyStance {
  member: number;
  stance: 'supports' | 'opposes' | 'silent';
  reason: string;
  changedInRound: number | null;
}

/** The map reply (the JSON of AGREEMENT_MAP_OUTPUT) for a map request; no claims without a script. */
export function playAgreementMap(prompt: AgreementMapPromptContent): string {
  const example = exampleFor(prompt.question);
  if (!example) return JSON.stringify({ claims: [] });
  const members = prompt.members.map((member) => ({
    ...member,
    stance: identify(example, member.answer)?.stance ?? null,
  }));
  const held = Object.keys(example.stances).filter((key) => members.some((member) => member.stance === key));
  const claims = held.map((key) => ({
    claim: example.stances[key].claim,
    stances: members.map((member): ReplyStance => {
      if (member.stance === null) {
        return { member: member.number, stance: 'silent', reason: '', changedInRound: null };
      }
      return {
        member: member.number,
        stance: member.stance === key ? 'supports' : 'opposes',
        reason: member.stance === key ? '' : capitalise(example.stances[member.stance].minority),
        changedInRound: member.positionChanges.at(-1) ?? null,
      };
    }),
  }));
  return JSON.stringify({ claims });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
