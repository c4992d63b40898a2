// The Ask screen's quote of the council as it stands (libs/contracts quote): the same pure function
// the bench measures, fed from the catalogue, the council selection and the session's balance.
import {
  type QuestionQuote,
  QUOTE_ROLE_PROMPT_LENGTH,
  type QuoteOnPlan,
  type QuoteSummary,
  type SessionUser,
  answerMaxOutputTokensFor,
  demoTypicalOutputTokens,
  memberAnswerKind,
  quoteOnPlan,
  quoteQuestionTokens,
  spendableTokens,
  summarizeQuote,
  TOKEN_CAP_TEXTS,
} from '@council/contracts';
import { type CouncilCatalogue, type CouncilMember } from '@/lib/default-council';

export interface CouncilQuoteInput {
  question: string;
  members: readonly CouncilMember[];
  showDebate: boolean;
  showReasoning: boolean;
  /** Agent id of the chosen leader; the first member when none is chosen (as the server does). */
  debateLeaderId: number | null;
  catalogue: CouncilCatalogue;
  user:
    | Pick<SessionUser, 'subscriptionTier' | 'tokensLeft' | 'queriesLeft' | 'purchasedTokens'>
    | null
    | undefined;
  /** A valid "Stop at N tokens" cap (checkTokenCap), or null for no limit. */
  tokenCap?: number | null;
  /** A follow-up: characters of the thread every call carries (QuestionDetail.followUpThreadLength). */
  threadLength?: number;
}

export interface CouncilQuote {
  quote: QuestionQuote;
  /** On the plan as the question will run: never past the cap. */
  onPlan: QuoteOnPlan;
  summary: QuoteSummary;
  /** "Stops at N tokens" when the cap is below the quote's high end, so the line says where it ends. */
  capLine: string | null;
}

/** Null while there is no council to quote, or no member of it would answer. */
export function councilQuote(input: CouncilQuoteInput): CouncilQuote | null {
  if (input.members.length === 0) return null;
  const question = input.question.trim();
  const tier = input.user?.subscriptionTier ?? 'free';
  let demo = false;
  // A "no model configured" card costs nothing (docs/decisions.md, "22. A card that is not an
  // answer"), so only the members that answer are quoted.
  const charged = input.members.filter((member) => {
    const agent = input.catalogue.agents.find((candidate) => candidate.id === member.agentId);
    demo ||= agent?.demo === true;
    return memberAnswerKind(agent?.demo === true, question) !== 'no-model';
  });
  if (charged.length === 0) return null;
  const members = charged.map((member) => {
    const agent = input.catalogue.agents.find((candidate) => candidate.id === member.agentId);
    const model = input.catalogue.models.find((candidate) => candidate.id === member.modelId);
    return {
      // A member in demo mode writes the demo's text, not its model's answer.
      typicalOutputTokens: agent?.demo ? demoTypicalOutputTokens(question) : model?.typicalOutputTokens,
      // Role prompts stay on the server: a role counts at a typical prompt's length.
      rolePromptLength: member.roleId === null ? 0 : QUOTE_ROLE_PROMPT_LENGTH,
    };
  });
  const leaderIndex = Math.max(
    0,
    charged.findIndex((member) => member.agentId === input.debateLeaderId),
  );
  const quote = quoteQuestionTokens({
    questionLength: question.length + Math.max(0, input.threadLength ?? 0),
    members,
    showDebate: input.showDebate,
    showReasoning: input.showReasoning,
    leaderIndex,
    answerMaxOutputTokens: answerMaxOutputTokensFor(tier),
  });
  const cap = input.tokenCap ?? null;
  // The workers stop at the cap, so neither end of what the question spends (or holds) passes it.
  const spend = cap === null ? quote : { low: Math.min(quote.low, cap), high: Math.min(quote.high, cap) };
  // What it leaves is of what the account can spend (DECISIONS 24), as the header shows it.
  const onPlan = quoteOnPlan(spend, { tier, tokensLeft: input.user ? spendableTokens(input.user) : null });
  const summary = summarizeQuote(quote, onPlan, { demo, showReasoning: input.showReasoning });
  return {
    quote,
    onPlan,
    summary:
      cap === null
        ? summary
        : {
            ...summary,
            details: [...summary.details, TOKEN_CAP_TEXTS.quoteDetail(cap)],
            // A cap that cannot pay for what was asked says so before the ask, not after.
            warning:
              summary.warning ?? (cap < quote.low ? TOKEN_CAP_TEXTS.capBelowQuote(cap, quote.low) : null),
          },
    capLine: cap !== null && quote.high > cap ? TOKEN_CAP_TEXTS.capLine(cap) : null,
  };
}
