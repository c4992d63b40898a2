import { BILLING_API_PATHS, type SellableTier, type SubscriptionReply } from '@council/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /api/get-or-create-subscription: `{url}` to a checkout, `{message: 'Already subscribed'}`, or
 * for premium → max `{url, upgraded: true}`.
 */
export function createSubscription(tier: SellableTier): Promise<SubscriptionReply | undefined> {
  return api.post<SubscriptionReply | undefined>(BILLING_API_PATHS.subscribe, { tier });
}
