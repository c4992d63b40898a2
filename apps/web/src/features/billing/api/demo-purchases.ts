import {
  BILLING_API_PATHS,
  type BillingDemoPurchaseReply,
  type BillingDemoPurchasesReply,
  type DemoDisputeOutcome,
} from '@council/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/lib/auth';
import { api } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/demo/purchases: the account's demo token packs (DECISIONS 27, demo mode only). */
export function getDemoPurchases(signal?: AbortSignal): Promise<BillingDemoPurchasesReply> {
  return api.get<BillingDemoPurchasesReply>(BILLING_API_PATHS.demoPurchases, { signal });
}

/**
 * What a demo control asks of a purchase: a refund (of `amountPence`, else all that is left), or a
 * dispute opened or closed.
 */
export type DemoPurchaseAction =
  | { id: string; kind: 'refund'; amountPence?: number }
  | { id: string; kind: 'dispute'; outcome?: DemoDisputeOutcome };

/**
 * POST /api/billing/demo/purchases/:id/refund or …/dispute: billing runs the handler of Stripe's
 * charge.refunded or charge.dispute.* event.
 */
export function runDemoPurchaseAction(action: DemoPurchaseAction): Promise<BillingDemoPurchaseReply> {
  if (action.kind === 'refund') {
    return api.post<BillingDemoPurchaseReply>(
      BILLING_API_PATHS.demoRefund(action.id),
      action.amountPence === undefined ? {} : { amountPence: action.amountPence },
    );
  }
  return api.post<BillingDemoPurchaseReply>(
    BILLING_API_PATHS.demoDispute(action.id),
    action.outcome ? { outcome: action.outcome } : {},
  );
}

export const getDemoPurchasesQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.demoPurchases(),
    queryFn: ({ signal }) => getDemoPurchases(signal),
  });

export function useDemoPurchases({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getDemoPurchasesQueryOptions(), enabled });
}

/** Runs a demo control, then re-reads the purchases, the balance and the subscription. */
export function useDemoPurchaseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: billingKeys.demoPurchaseAction(),
    mutationFn: runDemoPurchaseAction,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.demoPurchases() });
      void queryClient.invalidateQueries({ queryKey: userKeys.user() });
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
    },
  });
}
