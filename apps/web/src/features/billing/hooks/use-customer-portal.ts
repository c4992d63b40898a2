import { type PortalFlow, PRICING_TOASTS } from '@council/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { billingKeys } from '../api/billing-keys';
import { createPortalSession } from '../api/create-portal-session';
import { browserLocation } from '../utils/browser-location';

/**
 * Manage Payment Method and Cancel Subscription: open the customer billing portal (spec §2) on the
 * card or on cancelling at the end of the paid period (DECISIONS 21), coming back to this page.
 * Any failure is "Failed to access customer portal. Please try again." (§8).
 */
export function useCustomerPortal() {
  return useMutation({
    mutationKey: billingKeys.portal(),
    mutationFn: async (flow: PortalFlow) => {
      const reply = await createPortalSession(flow);
      if (!reply?.url) throw new Error('No portal URL returned from server');
      browserLocation.assign(reply.url);
    },
    onError: () => {
      toast(PRICING_TOASTS.portalFailed);
    },
  });
}
