import { type LlmMessage, type LlmRequest, type LlmTask } from '../llm.types';
import { type CouncilMemberRef, memberLabel } from './council-member.util';
import {
  type CouncilAnswer,
  DEFAULT_MEMBER_PROMPT,
  buildRevisionPrompt,
  NO_OWN_ANSWER,
  buildSynthesisPrompt,
  councilConsensusBlock,
} from './llm.prompts';

/** One earlier turn of a conversation as one member's thread carries it. */
export interface ThreadTurn {
  question: string;
  /** The member's own final answer; null when it gave none. */
  ownAnswer: string | null;
  /** The turn's consensus, marked as the council's; null when it had none. */
  consensus: string | null;
}

/** A member's latest successful answer, as a revision or the synthesis shows it. */
export interface LatestCouncilAnswer {
  order: number;
  round: number;
  answer: CouncilAnswer;
}

/** A member's latest completed answer as stored (one per member). */
export interface StoredMemberAnswer {
  memberOrder: number;
  round: number;
  response: string;
}

/** Each member's latest answer, in the order of `members`; members without one are left out. */
export function latestCouncilAnswers(
  members: readonly CouncilMemberRef[],
  answers: readonly StoredMemberAnswer[],
): LatestCouncilAnswer[] {
  const result: LatestCouncilAnswer[] = [];
  for (const member of members) {
    const answer = answers.find((candidate) => candidate.memberOrder === member.order);
    if (!answer) continue;
    result.push({
      order: member.order,
      round: answer.round,
      answer: { member: memberLabel(member), answer: answer.response },
    });
  }
  return result;
}

export interface CouncilRequestInput {
  task: LlmTask;
  question: string;
  /** The member's API model id. */
  model: string;
  /** The member's role prompt; none or blank: DEFAULT_MEMBER_PROMPT. */
  rolePrompt: string | null;
  maxTokens: number;
  reasoning: boolean;
  /** Revisions: the 1-based debate round. */
  round: number;
  /** Revisions: the reviser's place, whose own answer is set apart from the others. */
  memberOrder: number;
  /** Revisions and the synthesis: the latest answers of the council (latestCouncilAnswers). */
  latest: readonly LatestCouncilAnswer[];
  /** Revisions: the asker's note after the previous round, if any. */
  note?: string | null;
  /** A follow-up: the earlier turns this member reads, oldest first (the caller left out what does not fit). */
  thread?: readonly ThreadTurn[];
}

/**
 * A member's thread before its current message: each earlier question (after the consensus of
 * the turn before it), then its own answer; the last turn's consensus leads the current message.
 */
function threadMessages(thread: readonly ThreadTurn[], current: string): LlmMessage[] {
  const messages: LlmMessage[] = [];
  let consensus: string | null = null;
  const withConsensus = (text: string): string =>
    consensus?.trim() ? `${councilConsensusBlock(consensus)}\n\n${text}` : text;
  for (const turn of thread) {
    messages.push({ role: 'user', content: withConsensus(turn.question) });
    messages.push({ role: 'assistant', content: turn.ownAnswer?.trim() || NO_OWN_ANSWER });
    consensus = turn.consensus;
  }
  messages.push({ role: 'user', content: withConsensus(current) });
  return messages;
}

/** The provider request of a first answer, a debate revision or the synthesis. */
export function buildCouncilRequest(input: CouncilRequestInput): LlmRequest {
  const base = {
    model: input.model,
    system: input.rolePrompt?.trim() || DEFAULT_MEMBER_PROMPT,
    maxTokens: input.maxTokens,
    reasoning: input.reasoning,
  };
  const thread = input.thread ?? [];
  if (input.task === 'answer') {
    return { ...base, task: 'answer', messages: threadMessages(thread, input.question) };
  }
  if (input.task === 'synthesis') {
    const content = buildSynthesisPrompt({
      question: input.question,
      answers: input.latest.map((entry) => entry.answer),
    });
    return { ...base, task: 'synthesis', messages: threadMessages(thread, content) };
  }
  const own = input.latest.find((entry) => entry.order === input.memberOrder);
  const content = buildRevisionPrompt({
    question: input.question,
    round: input.round,
    ownAnswer: own?.answer.answer ?? '',
    others: input.latest.filter((entry) => entry.order !== input.memberOrder).map((entry) => entry.answer),
    note: input.note,
  });
  return { ...base, task: 'revision', messages: threadMessages(thread, content) };
}
