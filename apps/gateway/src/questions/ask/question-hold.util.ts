// What a new turn asks billing to hold (DECISIONS 26): with the asker's cap, the cap; without,
// twice the upper end of the very quote the Ask screen showed (quoteCouncilTokens over the same
// council), so the header's "reserved" figure and the quote agree. The workers top the hold up
// when a call needs more.

import {
  type QuestionTurnDto,
  type SubscriptionTier,
  answerMaxOutputTokensFor,
  estimateQuestionTokens,
  questionHold,
  quoteCouncilTokens,
} from '@council/contracts';
import { type CatalogueSnapshot, type CouncilPlan } from '../questions.util';

export interface TurnHold {
  maxTokens: number;
  capped: boolean;
  /** What a debate keeps held while it waits for the asker's note (null: capped). */
  pauseHold: number | null;
}

export function turnHold(
  dto: Pick<QuestionTurnDto, 'question' | 'showDebate' | 'showReasoning' | 'tokenCap'>,
  plan: CouncilPlan,
  catalogue: CatalogueSnapshot,
  tier: SubscriptionTier,
  threadChars: number,
): TurnHold {
  if (dto.tokenCap != null) return { maxTokens: dto.tokenCap, capped: true, pauseHold: null };
  const quoted = quoteCouncilTokens({
    question: dto.question.trim(),
    threadLength: threadChars,
    members: plan.members.map((member) => ({
      demo: catalogue.modes[member.provider] === 'demo',
      typicalOutputTokens: catalogue.models.find((model) => model.id === member.modelId)?.typicalOutputTokens,
      hasRole: member.roleId !== null,
      leader: plan.leaderOrder === member.order,
    })),
    showDebate: dto.showDebate,
    showReasoning: dto.showReasoning,
    tier,
  });
  if (quoted) {
    const hold = questionHold(quoted.quote);
    return { maxTokens: hold.initial, capped: false, pauseHold: hold.pause };
  }
  // No member would answer (refused before this); the worst case stays the bound.
  const maxTokens = estimateQuestionTokens({
    members: plan.members.length,
    questionLength: dto.question.length + threadChars,
    showDebate: dto.showDebate,
    answerMaxOutputTokens: answerMaxOutputTokensFor(tier),
  });
  return { maxTokens, capped: false, pauseHold: null };
}
