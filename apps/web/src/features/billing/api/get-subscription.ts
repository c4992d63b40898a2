import { BILLING_API_PATHS, type SubscriptionStatusResponse } from '@council/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/subscription: tier, status, the real renewal date and the balance buckets. */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionStatusResponse> {
  return api.get<SubscriptionStatusResponse>(BILLING_API_PATHS.subscription, { signal });
}

export const getSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.subscription(),
    queryFn: ({ signal }) => getSubscription(signal),
  });

/**
 * The subscription lookup. The spec runs it only for signed-in non-premium users (§4); we run it for
 * every signed-in user, because the management card shows the real numbers and renewal date
 * (DECISIONS 6). Never for guests: the call needs a session.
 */
export function useSubscription({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getSubscriptionQueryOptions(), enabled });
}
