// How each seated member will answer a question (docs/decisions.md, "22. A card that is not an
// answer"): the Ask screen says it before the ask, and the gateway refuses a question nobody can answer.

import { demoExampleIndex } from '../demo/demo.texts';

/** For real (a configured model), from the example script, or only the "no model configured" card. */
export type MemberAnswerKind = 'live' | 'example' | 'no-model';

/** A member in demo mode answers the example questions from the script and nothing else. */
export function memberAnswerKind(demo: boolean, question: string): MemberAnswerKind {
  if (!demo) return 'live';
  return demoExampleIndex(question) >= 0 ? 'example' : 'no-model';
}

/** True when no member would answer: every one could only show the card. */
export function nobodyCanAnswer(kinds: readonly MemberAnswerKind[]): boolean {
  return kinds.length > 0 && kinds.every((kind) => kind === 'no-model');
}
