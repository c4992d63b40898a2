// The quote of a council as the asker chose it: the members that will answer, each with its
// model's typical answer, fed to quoteQuestionTokens. The Ask screen shows it and the gateway sizes
// the question's hold from it (quote.hold.ts), so the two never disagree.

import { memberAnswerKind } from '../council/member-answer';
import { answerMaxOutputTokensFor } from '../council/council.constants';
import { type SubscriptionTier } from '../domain/domain.constants';
import { QUOTE_ROLE_PROMPT_LENGTH } from './quote.constants';
import { type QuestionQuote, demoTypicalOutputTokens, quoteQuestionTokens } from './quote.estimate';

/** One member of the council as chosen. */
export interface QuotedCouncilMember {
  /** Its agent answers in demo mode (AgentResponse.demo). */
  demo: boolean;
  /** Its model's typical answer (ModelResponse.typicalOutputTokens). */
  typicalOutputTokens?: number | null;
  hasRole: boolean;
  /** It writes the consensus. */
  leader: boolean;
}

export interface CouncilQuoteRequest {
  /** The question as it will be sent (trimmed). */
  question: string;
  /** A follow-up: characters of the thread every call carries. */
  threadLength?: number;
  members: readonly QuotedCouncilMember[];
  showDebate: boolean;
  showReasoning: boolean;
  tier: SubscriptionTier;
}

export interface QuotedCouncil {
  quote: QuestionQuote;
  /** Some member answers in demo mode. */
  demo: boolean;
}

/**
 * Null when no member would answer. A "no model configured" card costs nothing (docs/decisions.md,
 * "22. A card that is not an answer"), so only the members that answer are quoted; a member in
 * demo mode writes the demo's text, not its model's answer; role prompts stay on the server, so a
 * role counts at a typical prompt's length.
 */
export function quoteCouncilTokens(input: CouncilQuoteRequest): QuotedCouncil | null {
  const charged = input.members.filter(
    (member) => memberAnswerKind(member.demo, input.question) !== 'no-model',
  );
  if (charged.length === 0) return null;
  const quote = quoteQuestionTokens({
    questionLength: input.question.length + Math.max(0, input.threadLength ?? 0),
    members: charged.map((member) => ({
      typicalOutputTokens: member.demo ? demoTypicalOutputTokens(input.question) : member.typicalOutputTokens,
      rolePromptLength: member.hasRole ? QUOTE_ROLE_PROMPT_LENGTH : 0,
    })),
    showDebate: input.showDebate,
    showReasoning: input.showReasoning,
    leaderIndex: Math.max(
      0,
      charged.findIndex((member) => member.leader),
    ),
    answerMaxOutputTokens: answerMaxOutputTokensFor(input.tier),
  });
  return { quote, demo: input.members.some((member) => member.demo) };
}
