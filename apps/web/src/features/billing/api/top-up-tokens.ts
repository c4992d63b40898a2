import { BILLING_API_PATHS, type CheckoutReply, type TokenPackId } from '@council/contracts';
import { api } from '@/lib/api-client';

/** POST /api/top-up-tokens: a one-time checkout for a token pack (an unknown pack is a 400). */
export function topUpTokens(packageId: TokenPackId): Promise<CheckoutReply | undefined> {
  return api.post<CheckoutReply | undefined>(BILLING_API_PATHS.topUp, { packageId });
}
