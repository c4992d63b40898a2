// The Ask screen's quote of the council as it stands (libs/contracts quote): the same pure function
// the bench measures, fed from the catalogue, the council selection and the session's balance.
import {
  type QuestionQuote,
  type QuoteOnPlan,
  type QuoteSummary,
  type SessionUser,
  quoteCouncilTokens,
  quoteOnPlan,
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
  // The gateway sizes the question's hold from this same quote (quoteCouncilTokens), so the
  // hold the detail names is the one the header will show as reserved.
  const quoted = quoteCouncilTokens({
    question,
    threadLength: input.threadLength,
    members: input.members.map((member) => {
      const agent = input.catalogue.agents.find((candidate) => candidate.id === member.agentId);
      const model = input.catalogue.models.find((candidate) => candidate.id === member.modelId);
      return {
        demo: agent?.demo === true,
        typicalOutputTokens: model?.typicalOutputTokens,
        hasRole: member.roleId !== null,
        leader: member.agentId === input.debateLeaderId,
      };
    }),
    showDebate: input.showDebate,
    showReasoning: input.showReasoning,
    tier,
  });
  if (!quoted) return null;
  const { quote, demo } = quoted;
  const cap = input.tokenCap ?? null;
  // The workers stop at the cap, so neither end of what the question spends (or holds) passes it.
  const spend = cap === null ? quote : { low: Math.min(quote.low, cap), high: Math.min(quote.high, cap) };
  // What it leaves is of what the account can spend (DECISIONS 24), as the header shows it.
  const onPlan = quoteOnPlan(spend, { tier, tokensLeft: input.user ? spendableTokens(input.user) : null });
  const summary = summarizeQuote(quote, onPlan, {
    demo,
    showReasoning: input.showReasoning,
    capped: cap !== null,
  });
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
