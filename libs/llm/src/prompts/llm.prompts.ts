// Every piece of prompt text libs/llm and the workers send, in one place: the default member
// prompt, the reasoning instruction for models without native reasoning, and the debate-revision
// and synthesis prompts (whose tagged sections the demo adapter reads back).

import { type LlmTask } from '../llm.types';

/** System prompt of a member without a role. */
export const DEFAULT_MEMBER_PROMPT =
  'You are one member of a council of AI assistants who each answer the same question. Answer it ' +
  'directly and accurately in well-formed markdown: lead with the answer, then the supporting ' +
  'points, and say plainly where you are uncertain.';

export const REASONING_OPEN_TAG = '<reasoning>';
export const REASONING_CLOSE_TAG = '</reasoning>';

/**
 * For models whose API streams no reasoning text (OpenAI and xAI chat completions, older Claude
 * models): ask for the reasoning up front, between tags, so ReasoningSplitter can stream it as
 * `reasoning` deltas and keep it out of the answer.
 */
export const REASONING_INSTRUCTION =
  `Before you answer, explain your reasoning step by step inside ${REASONING_OPEN_TAG}` +
  `${REASONING_CLOSE_TAG} tags at the very start of your reply. After the closing tag, write ` +
  'only the answer itself: do not repeat the reasoning and do not mention the tags.';

/** The system prompt with the reasoning instruction appended. */
export function withReasoningInstruction(system: string | undefined): string {
  const base = system?.trim() || DEFAULT_MEMBER_PROMPT;
  return `${base}\n\n${REASONING_INSTRUCTION}`;
}

/** One member's latest answer, as shown to the others. */
export interface CouncilAnswer {
  /** How the member is named to the others, e.g. "Claude (claude-sonnet-4)". */
  member: string;
  answer: string;
}

export interface RevisionPromptInput {
  question: string;
  /** 1-based debate round. */
  round: number;
  ownAnswer: string;
  others: readonly CouncilAnswer[];
  /** The asker's note after the previous round ("Let me weigh in"), which every member reads. */
  note?: string | null;
}

export interface SynthesisPromptInput {
  question: string;
  answers: readonly CouncilAnswer[];
}

/** Last line of a revision: whether the member changed its position. */
export const POSITION_CHANGED_LINE = 'Position: changed';
export const POSITION_UNCHANGED_LINE = 'Position: unchanged';

/** The headings a consensus answer is written under. */
export const SYNTHESIS_HEADINGS = {
  answer: 'Agreed answer',
  agreement: 'Points of agreement',
  minority: 'Minority view',
} as const;

/**
 * A follow-up's member reads the consensus of the turn before, marked as the council's, ahead of
 * the next question (docs/decisions.md, "25. Follow-ups").
 */
export function councilConsensusBlock(consensus: string): string {
  return `The council's consensus on your previous question:\n\n${tagged('council_consensus', consensus)}`;
}

/** Said in a member's thread for a turn it gave no answer to (both APIs refuse empty messages). */
export const NO_OWN_ANSWER = '(I gave no answer to this question.)';

/** The user message of a debate revision. */
export function buildRevisionPrompt(input: RevisionPromptInput): string {
  return [
    `Debate round ${input.round}. The council was asked:`,
    tagged('question', input.question),
    'Your previous answer:',
    tagged('your_answer', input.ownAnswer),
    'The other members answered:',
    answersBlock(input.others),
    ...(input.note?.trim()
      ? [
          'The person who asked added a note for every member. Take it into account:',
          tagged('asker_note', input.note),
        ]
      : []),
    'Read their answers critically. Keep what you still believe and correct what they have shown ' +
      'to be wrong or incomplete, then give your full revised answer in markdown (not a list of ' +
      'changes). End with exactly one line on its own: ' +
      `"${POSITION_CHANGED_LINE}" if your position changed in substance, otherwise ` +
      `"${POSITION_UNCHANGED_LINE}".`,
  ].join('\n\n');
}

/** The user message of the consensus answer (the debate leader's). */
export function buildSynthesisPrompt(input: SynthesisPromptInput): string {
  return [
    'You lead a council of AI assistants. It was asked:',
    tagged('question', input.question),
    'After debating, the members gave these final answers:',
    answersBlock(input.answers),
    "Write the council's consensus in markdown under three headings: " +
      `"## ${SYNTHESIS_HEADINGS.answer}" (the answer the council agrees on, stated directly), ` +
      `"## ${SYNTHESIS_HEADINGS.agreement}" (a bullet list), and ` +
      `"## ${SYNTHESIS_HEADINGS.minority}" (who still disagrees and why, or "None." when everyone agrees).`,
  ].join('\n\n');
}

// parseRevision lives in @council/contracts: the web reads revisions with the same rule.
export { parseRevision } from '@council/contracts';

/** What a council prompt contains, read back from its tagged sections. */
export interface CouncilPromptContent {
  task: LlmTask;
  question: string;
  ownAnswer: string | null;
  answers: CouncilAnswer[];
  /** Revisions: the asker's note after the previous round, if any. */
  note: string | null;
}

/**
 * Reads a user message built by buildRevisionPrompt or buildSynthesisPrompt back into its parts;
 * any other message is a first answer whose question is the whole message.
 */
export function readCouncilPrompt(message: string): CouncilPromptContent {
  const content = message.replace(/^[\s\S]*?<\/council_consensus>\s*/, '');
  const question = untag(content, 'question');
  const answers = [...content.matchAll(/<answer member="([^"]*)">\n?([\s\S]*?)\n?<\/answer>/g)].map(
    (match) => ({ member: unescapeAttribute(match[1]), answer: match[2] }),
  );
  if (question === null)
    return { task: 'answer', question: content.trim(), ownAnswer: null, answers: [], note: null };
  const ownAnswer = untag(content, 'your_answer');
  const note = untag(content, 'asker_note');
  return { task: ownAnswer === null ? 'synthesis' : 'revision', question, ownAnswer, answers, note };
}

function tagged(tag: string, body: string): string {
  return `<${tag}>\n${body.trim()}\n</${tag}>`;
}

function untag(content: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(content);
  return match ? match[1] : null;
}

function answersBlock(answers: readonly CouncilAnswer[]): string {
  if (answers.length === 0) return '(none)';
  return answers
    .map((entry) => `<answer member="${escapeAttribute(entry.member)}">\n${entry.answer.trim()}\n</answer>`)
    .join('\n\n');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
