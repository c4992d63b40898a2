import {
  ALREADY_SUBSCRIBED,
  PLANS,
  PRICING_TOASTS,
  ROUTE_PATHS,
  type SellableTier,
  type SubscriptionReply,
  authPathReturningTo,
  subscriptionErrorToast,
  subscriptionProcessingToast,
} from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { userKeys } from '@/lib/auth';
import { billingKeys } from '../api/billing-keys';
import { createSubscription } from '../api/create-subscription';
import { browserLocation } from '../utils/browser-location';
import { serverMessage } from '../utils/payment-errors';

/** Where the subscribe call came from: the plan table / cards, or the management card's upgrade button. */
export type SubscribeSource = 'pricing' | 'upgrade';

/**
 * The reply's branches (spec §4): a url → the browser follows it (after "Payment form is ready…" for
 * an upgrade); "Already subscribed" → an info toast; anything else → "Unable to process subscription
 * request."
 */
export function handleSubscribeReply(
  reply: SubscriptionReply | undefined,
  source: SubscribeSource,
  refresh: () => void = () => undefined,
): void {
  if (reply && 'url' in reply && reply.url) {
    if (source === 'upgrade') toast(PRICING_TOASTS.upgradeReady);
    else if (reply.upgraded) toast(PRICING_TOASTS.upgradeReadyFromTable);
    browserLocation.assign(reply.url);
    return;
  }
  if (reply && 'message' in reply && reply.message === ALREADY_SUBSCRIBED) {
    toast(PRICING_TOASTS.alreadySubscribed);
    // The page was out of date (a plan started elsewhere): show the plan the server knows.
    refresh();
    return;
  }
  toast(PRICING_TOASTS.subscriptionUnknownReply);
}

/**
 * POST /api/get-or-create-subscription with the "Processing" toast first. Signed-out visitors never
 * get here (the screen sends them to /auth); a session that expired meanwhile does the same from the
 * table, and shows "Authentication required" from the upgrade button (spec §5).
 */
export function useSubscribe(source: SubscribeSource) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.user() });
    void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
  };
  return useMutation({
    mutationKey: billingKeys.subscribe(),
    mutationFn: createSubscription,
    onMutate: (tier: SellableTier) => {
      toast(subscriptionProcessingToast(PLANS[tier].name));
    },
    onSuccess: (reply) => handleSubscribeReply(reply, source, refresh),
    onError: (error, tier) => {
      const unauthenticated = error instanceof ApiError && error.status === 401;
      if (source === 'upgrade') {
        toast(unauthenticated ? PRICING_TOASTS.upgradeAuthRequired : PRICING_TOASTS.upgradeFailed);
        return;
      }
      if (unauthenticated) {
        void navigate(authPathReturningTo(ROUTE_PATHS.subscription));
        return;
      }
      const message = error instanceof ApiError ? serverMessage(error) : null;
      toast(subscriptionErrorToast(message, PLANS[tier].name));
    },
  });
}
