import {
  BILLING_API_PATHS,
  type BillingDemoConfirmReply,
  type BillingDemoSessionReply,
  type DemoAction,
} from '@council/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/demo/:id: what the demo checkout sells (DECISIONS 14). */
export function getDemoSession(id: string, signal?: AbortSignal): Promise<BillingDemoSessionReply> {
  return api.get<BillingDemoSessionReply>(BILLING_API_PATHS.demoSession(id), { signal });
}

/**
 * POST /api/billing/demo/:id/confirm: fulfils it as a verified webhook would; `end-period-now` is
 * the demo billing portal's control that ends the paid period at once (DECISIONS 21).
 */
export function confirmDemoSession({
  id,
  action = 'confirm',
}: {
  id: string;
  action?: DemoAction;
}): Promise<BillingDemoConfirmReply> {
  return api.post<BillingDemoConfirmReply>(
    BILLING_API_PATHS.demoConfirm(id),
    action === 'confirm' ? undefined : { action },
  );
}

export const getDemoSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billingKeys.demoSession(id),
    queryFn: ({ signal }) => getDemoSession(id, signal),
  });

export function useDemoSession(id: string) {
  return useQuery(getDemoSessionQueryOptions(id));
}

export function useConfirmDemoSession() {
  return useMutation({ mutationKey: billingKeys.demoConfirm(), mutationFn: confirmDemoSession });
}
