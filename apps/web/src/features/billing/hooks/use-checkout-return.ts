import {
  CHECKOUT_KIND_PARAM,
  CHECKOUT_RESULT_PARAM,
  checkoutReturnToast,
  isCheckoutResult,
} from '@council/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { userKeys } from '@/lib/auth';
import { billingKeys } from '../api/billing-keys';

/** Stripe Checkout appends this to the success URL. */
const STRIPE_SESSION_PARAM = 'session_id';

/**
 * Back from a checkout, the demo page or the portal (`?checkout=success|cancelled&kind=…`, see
 * apps/billing): the matching toast ("Token purchase successful!" for a top-up, spec §8), a fresh
 * balance and subscription, and a clean address so a reload does not toast again.
 */
export function useCheckoutReturn(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const result = searchParams.get(CHECKOUT_RESULT_PARAM);
  const kind = searchParams.get(CHECKOUT_KIND_PARAM);

  useEffect(() => {
    if (!isCheckoutResult(result)) return;
    toast(checkoutReturnToast(result, kind));
    if (result === 'success') {
      void queryClient.invalidateQueries({ queryKey: userKeys.user() });
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        [CHECKOUT_RESULT_PARAM, CHECKOUT_KIND_PARAM, STRIPE_SESSION_PARAM].forEach((name) =>
          next.delete(name),
        );
        return next;
      },
      { replace: true },
    );
  }, [result, kind, queryClient, setSearchParams]);
}
