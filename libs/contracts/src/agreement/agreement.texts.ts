// What users read about the agreement map and the shared debate replay: on the question page, the
// shared page and in the Markdown export.

import { type ClaimStance } from './agreement-map';

export const AGREEMENT_MAP = {
  heading: 'Agreement map',
  caption: 'Where each member stands on the key claims of the consensus',
  claimColumn: 'Claim',
  mapping: 'Mapping where the members agree…',
  stances: { supports: 'Supports', opposes: 'Opposes', silent: 'Silent' } satisfies Record<
    ClaimStance,
    string
  >,
  /** The overall agreement figure. */
  figure: (percent: number | null) =>
    percent === null ? 'No member took a side on these claims' : `${percent}% agreement`,
  /** The button beside the figure, and what it opens: how the figure is made. */
  figureHowButton: 'How the agreement figure is worked out',
  figureHow:
    'For each claim, the share of the members who took a side that are on its majority side (supporting or opposing), averaged over the claims. Members who stayed silent on a claim are left out of it.',
  unanimous: (unanimous: number, claims: number) =>
    `${unanimous} of ${claims} ${claims === 1 ? 'claim' : 'claims'} unanimous`,
  minorityHeading: 'Minority reasons',
  noMinority: 'No member opposes any claim.',
  changedIn: (member: string, round: number) => `${member} came to this in debate round ${round}.`,
  unchanged: 'No member changed its stance on this claim in the debate.',
  /** A member on the shared page: its agent's display name and its model, e.g. "Claude (Claude Sonnet 4)". */
  memberWithModel: (agent: string, model: string | null) => (model ? `${agent} (${model})` : agent),
  showAnswer: (member: string) => `Show ${member}'s final answer`,
  finalAnswerOf: (member: string) => `${member}'s final answer`,
  close: 'Close',
  /** The notes stored instead of a map (AgreementMapResult 'unavailable'). */
  notes: {
    malformed:
      'The agreement map could not be drawn: the leader model did not return a valid map twice. The consensus above stands.',
    failed:
      'The agreement map could not be drawn: the leader model did not answer. The consensus above stands.',
    noClaims: 'The agreement map is empty: the final answers gave no claims to compare.',
    tooFewMembers: 'The agreement map needs final answers from at least two members.',
  },
  /** Heading of the map's table in the Markdown export. */
  exportHeading: 'Agreement map',
  /** After a stance in the export, when the member came to it in the debate. */
  exportChangedIn: (round: number) => `changed in round ${round}`,
} as const;

export const DEBATE_REPLAY = {
  heading: 'How the debate went',
  openingRound: 'Opening answers',
  round: (round: number) => `Debate round ${round}`,
  changed: 'Changed position',
  kept: 'Kept position',
  debateLog: 'Debate log',
  noAnswer: 'No answer in this round.',
} as const;
