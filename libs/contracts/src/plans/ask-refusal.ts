import { type ErrorCode } from '../errors/errors.codes';
import { SERVER_MESSAGES } from '../messages/server.messages';
import { freeTierAsk } from './plans.helpers';
import { type SubscriptionTier } from '../domain/domain.constants';

/** What the session user row says about the balance (users columns). */
export interface AskBalance {
  subscriptionTier: SubscriptionTier;
  tokensLeft: number;
  queriesLeft: number;
  purchasedTokens: number;
}

/**
 * A question this balance certainly cannot pay for, told from the user row alone, so the ask is
 * refused (402) before anything is written. Billing's reservation stays the authority: what passes
 * here may still be refused there (a concurrent ask spent the balance first). The free-tier rule is
 * billing's own (freeTierAsk, DECISIONS 17).
 */
export function askRefusal(balance: AskBalance): { code: ErrorCode; message: string } | null {
  if (balance.tokensLeft <= 0)
    return { code: 'INSUFFICIENT_TOKENS', message: SERVER_MESSAGES.insufficientTokens };
  if (freeTierAsk(balance.subscriptionTier, balance.queriesLeft, balance.purchasedTokens) === 'refused') {
    return { code: 'NO_FREE_QUERIES', message: SERVER_MESSAGES.noFreeQueries };
  }
  return null;
}
