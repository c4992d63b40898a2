// Follow-ups (docs/decisions.md, "25. Follow-ups"): a finished question can be followed up by the
// same council. Each member answers with its own thread: every earlier question, its own final
// answer to each and each earlier consensus, marked as the council's. When the thread would not
// fit the smallest member's context window beside its answer, the oldest turns are left out,
// visibly.

import { type QuestionStatus } from '../domain/domain.constants';
import { type ResponseRow } from '../dto/question.response';
import { CHARS_PER_TOKEN_ESTIMATE, PROMPT_OVERHEAD_TOKENS } from './council.constants';

/** One turn of a conversation as GET /api/questions/{id} lists it, oldest first. */
export interface ConversationTurn {
  id: number;
  question: string;
  status: QuestionStatus;
  createdAt: string;
}

export const CONVERSATION = {
  /** The context window assumed for a model whose catalogue entry does not give one. */
  unknownContextWindowTokens: 8_192,
} as const;

/** What one earlier turn adds to the longest member thread, in characters. */
export interface ThreadTurnSize {
  /** The turn's question, the member's own final answer and the turn's consensus (the longest member). */
  chars: number;
}

export interface ThreadFitInput {
  /** The earlier turns, oldest first. */
  turns: readonly ThreadTurnSize[];
  /** Each member's context window in tokens; null when the catalogue does not know it. */
  contextWindows: readonly (number | null)[];
  /** The max output tokens of each call (answerMaxOutputTokensFor). */
  answerMaxOutputTokens: number;
  /** Characters of the new question and the longest role prompt. */
  promptChars: number;
}

export interface ThreadFit {
  /** How many of the oldest turns are left out. */
  omittedTurns: number;
  /** Characters of the turns kept: what each call's prompt carries on top of the question. */
  threadChars: number;
}

const tokensOf = (chars: number): number => Math.ceil(Math.max(0, chars) / CHARS_PER_TOKEN_ESTIMATE);

/**
 * Which turns fit: the smallest member's context window, less its answer limit and the new
 * question, takes the newest turns that fit in order; older ones are left out.
 */
export function fitThread(input: ThreadFitInput): ThreadFit {
  const windows = input.contextWindows.map((window) =>
    typeof window === 'number' && window > 0 ? window : CONVERSATION.unknownContextWindowTokens,
  );
  const smallest = windows.length > 0 ? Math.min(...windows) : CONVERSATION.unknownContextWindowTokens;
  let room = smallest - input.answerMaxOutputTokens - PROMPT_OVERHEAD_TOKENS - tokensOf(input.promptChars);
  let kept = 0;
  let threadChars = 0;
  for (let index = input.turns.length - 1; index >= 0; index -= 1) {
    const chars = input.turns[index]?.chars ?? 0;
    const tokens = tokensOf(chars);
    if (tokens > room) break;
    room -= tokens;
    kept += 1;
    threadChars += chars;
  }
  return { omittedTurns: input.turns.length - kept, threadChars };
}

export const CONVERSATION_TEXTS = {
  followUpLabel: 'Follow up',
  followUpPlaceholder: 'Ask the same council a follow-up question…',
  followUpHint:
    'Each member reads the conversation so far: every question, its own answers and the consensus.',
  followUpButton: 'Follow up',
  followUpSending: 'Sending…',
  /** On a history item. */
  followUps: (count: number) => `${count} follow-up${count === 1 ? '' : 's'}`,
  earlierTurns: (count: number) =>
    `Earlier in this conversation (${count} question${count === 1 ? '' : 's'})`,
  turnLabel: (turn: number) => `Question ${turn}`,
  /** Above a turn of a conversation: every question of it, as links. */
  conversation: (count: number) => `This conversation: ${count} questions`,
  /** On a follow-up whose members' threads leave out the oldest turns. */
  omittedTurns: (omitted: number) =>
    omitted === 1
      ? 'Question 1 of this conversation was left out of what the members read: the conversation no longer fits the smallest member’s context window.'
      : `Questions 1–${omitted} of this conversation were left out of what the members read: the conversation no longer fits the smallest member’s context window.`,
  copy: 'Copy',
  copied: 'Copied',
  /** The toast when the browser refuses the clipboard (the Copy button of an answer card). */
  copyFailed: {
    title: 'Failed to copy',
    description: 'Select the answer’s text and copy it instead.',
    variant: 'destructive',
  },
  answerAgain: 'Answer again',
  answerAgainTitle: 'Ask this member for a new answer; charged once for the new answer',
  /** POST …/retry of a completed answer while a turn of the conversation is still running. */
  answerAgainWhileRunning: 'Wait for the council to finish before you ask a member to answer again.',
  /** POST …/retry of a completed answer in a debate: its rounds and consensus build on each other. */
  answerAgainDebate:
    'A member cannot answer again in a debate: its later rounds and the consensus build on this answer.',
  /** POST …/follow-ups when a member of the conversation is no longer offered. */
  memberGone:
    'A member of this conversation is no longer offered, so it cannot follow up. Ask a new question instead.',
  /** POST …/follow-ups while a turn of the conversation is still running. */
  stillRunning: 'Wait for the council to finish this question before you follow up.',
} as const;

/**
 * POST /api/questions/{id}/responses/{responseId}/retry: the member's answer row, pending again. A
 * completed answer of a finished turn without a debate is answered again: the reply is a new row
 * (the earlier answer is replaced) and the turn runs again until it is written. `streamEntryId` is
 * the question-stream entry that starts it (answer:reset): a client follows the stream from there.
 * Null for a failed member's retry.
 */
export type RetryResponseResult = ResponseRow & { streamEntryId: string | null };
