import { BILLING_API_PATHS, type PortalFlow, type PortalReply } from '@council/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /api/create-customer-portal-session; returnUrl defaults to the current page address (spec §7).
 * `flow` opens the portal on the card or on cancelling the plan (DECISIONS 21).
 */
export function createPortalSession(
  flow?: PortalFlow,
  returnUrl: string = window.location.href,
): Promise<Partial<PortalReply> | undefined> {
  return api.post<Partial<PortalReply> | undefined>(BILLING_API_PATHS.portal, {
    returnUrl,
    ...(flow ? { flow } : {}),
  });
}
