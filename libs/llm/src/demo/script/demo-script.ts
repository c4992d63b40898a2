// Plays a hand-written example: picks the member's voice, its debate move given who else is in the
// debate, and a consensus that counts the positions the members actually hold.

import { demoExampleIndex } from '@council/contracts';
import {
  type CouncilAnswer,
  POSITION_CHANGED_LINE,
  POSITION_UNCHANGED_LINE,
  SYNTHESIS_HEADINGS,
} from '../../prompts/llm.prompts';
import { type DemoAnswer } from '../demo-answer';
import { type DemoExample, type DemoTurn, type DemoVoice, DEMO_VOICES } from './demo-script.types';
import { FIRST_LANGUAGE_EXAMPLE } from './first-language.example';
import { MICROSERVICES_EXAMPLE } from './microservices.example';
import { STUDENT_LOAN_EXAMPLE } from './student-loan.example';

/** In the order of DEMO_EXAMPLE_QUESTIONS. */
const EXAMPLES: readonly DemoExample[] = [
  STUDENT_LOAN_EXAMPLE,
  MICROSERVICES_EXAMPLE,
  FIRST_LANGUAGE_EXAMPLE,
];

const NOTHING_NEW = 'I have read this round’s answers; nothing in them changes mine.';

export function exampleFor(question: string): DemoExample | null {
  return EXAMPLES[demoExampleIndex(question)] ?? null;
}

/** The built-in providers speak in their own voice; any other provider borrows one by its model. */
export function voiceFor(provider: string | null, model: string): DemoVoice {
  const own = DEMO_VOICES.find((voice) => voice === provider);
  if (own) return own;
  let hash = 0;
  for (const char of model) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return DEMO_VOICES[hash % DEMO_VOICES.length];
}

export function playOpening(example: DemoExample, voice: DemoVoice, reasoning: boolean): DemoAnswer {
  const { opening } = example.voices[voice];
  return { reasoning: reasoning ? opening.reasoning : '', text: opening.text };
}

export function playRevision(
  example: DemoExample,
  voice: DemoVoice,
  round: number,
  ownAnswer: string,
  others: readonly CouncilAnswer[],
  reasoning: boolean,
): DemoAnswer {
  const script = example.voices[voice];
  if (round > 1) {
    // The scripts' debate is settled in round 1: later rounds restate the answer, unchanged.
    const own = ownAnswer.replace(NOTHING_NEW, '').trim() || script.opening.text;
    return { reasoning: '', text: [own, NOTHING_NEW, POSITION_UNCHANGED_LINE].join('\n\n') };
  }
  // The first voice in `persuadedBy` that is in the debate is the one that persuades.
  const persuader = script.changes?.persuadedBy
    .map((voice) => others.find((other) => identify(example, other.answer)?.voice === voice))
    .find((other) => other !== undefined);
  if (script.changes && persuader) {
    const name = (text: string): string => text.replaceAll('{persuader}', persuader.member);
    return {
      reasoning: reasoning ? name(script.changes.turn.reasoning) : '',
      text: [name(script.changes.turn.text), POSITION_CHANGED_LINE].join('\n\n'),
    };
  }
  return {
    reasoning: reasoning ? script.keeps.reasoning : '',
    text: [
      `**Revised answer:** ${headline(script.opening)}`,
      script.keeps.text,
      POSITION_UNCHANGED_LINE,
    ].join('\n\n'),
  };
}

/** The consensus of the position most members hold now (ties: the earliest member's), counted honestly. */
export function playSynthesis(
  example: DemoExample,
  answers: readonly CouncilAnswer[],
  reasoning: boolean,
): DemoAnswer {
  const positions = answers.map((answer) => ({
    ...answer,
    stance: identify(example, answer.answer)?.stance ?? null,
  }));
  const counted = positions.filter((position) => position.stance !== null);
  const tally = new Map<string, number>();
  for (const position of counted)
    tally.set(position.stance ?? '', (tally.get(position.stance ?? '') ?? 0) + 1);
  const top = Math.max(0, ...tally.values());
  const winner = counted.find((position) => tally.get(position.stance ?? '') === top)?.stance ?? null;
  const stance = winner ? example.stances[winner] : undefined;
  if (!winner || !stance) return { reasoning: '', text: noReadablePositions(answers) };

  const supporters = counted.filter((position) => position.stance === winner);
  const minority = counted.filter((position) => position.stance !== winner);
  const uncounted = positions.filter((position) => position.stance === null);
  const support =
    `${supporters.length} of ${answers.length} members support this answer: ${joinList(supporters.map((entry) => entry.member))}.` +
    uncounted
      .map(
        (entry) =>
          ` ${entry.member} did not answer from the demo script, so its answer is not counted here; read it in its card.`,
      )
      .join('');
  const minorityText = minority.length
    ? minority
        .map(
          (entry) =>
            `**${entry.member}** ${example.stances[entry.stance ?? '']?.minority ?? 'takes another position.'}`,
        )
        .join('\n\n')
    : 'None. Every member supports the agreed answer.';
  const groups = [...tally.keys()].map((key) =>
    counted.filter((entry) => entry.stance === key).map((entry) => entry.member),
  );
  const why = [
    `${answers.length} final answers to weigh. Grouped by the position they take:`,
    groups.map((names) => `${joinList(names)} ${names.length === 1 ? 'stands alone' : 'agree'}.`).join(' '),
    minority.length
      ? 'The agreed answer follows the largest group; the others go under the minority view, as they put it.'
      : 'Everyone holds the same position, so there is no minority view.',
  ].join(' ');
  return {
    reasoning: reasoning ? why : '',
    text: [
      `## ${SYNTHESIS_HEADINGS.answer}`,
      stance.consensus.answer,
      support,
      `## ${SYNTHESIS_HEADINGS.agreement}`,
      stance.consensus.points.map((point) => `- ${point}`).join('\n'),
      `## ${SYNTHESIS_HEADINGS.minority}`,
      minorityText,
    ].join('\n\n'),
  };
}

function noReadablePositions(answers: readonly CouncilAnswer[]): string {
  return [
    `## ${SYNTHESIS_HEADINGS.answer}`,
    'No consensus was written: none of the final answers came from the demo script, and the demo cannot weigh answers it did not write.',
    `Read ${joinList(answers.map((answer) => answer.member)) || 'the members’ answers'} in their own cards.`,
  ].join('\n\n');
}

/** Which voice and position a scripted text holds, by its headline; null for any other text. */
export function identify(example: DemoExample, text: string): { voice: DemoVoice; stance: string } | null {
  const key = headlineKey(text);
  for (const voice of DEMO_VOICES) {
    const script = example.voices[voice];
    for (const turn of [script.opening, script.changes?.turn]) {
      if (turn && headlineKey(turn.text) === key) return { voice, stance: turn.stance };
    }
  }
  return null;
}

/** A turn's first paragraph without its bold label, as written. */
function headline(turn: DemoTurn): string {
  return firstParagraph(turn.text).replace(LABEL, '');
}

const LABEL = /^\*\*(Short answer|Revised answer):\*\*\s*/;

function headlineKey(text: string): string {
  return firstParagraph(text)
    .replace(LABEL, '')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function firstParagraph(text: string): string {
  return text.trim().split(/\n\s*\n/)[0] ?? '';
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
