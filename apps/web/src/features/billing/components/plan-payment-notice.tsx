import { type SessionUser } from '@council/contracts';
import { useSubscription } from '../api/get-subscription';
import { PaymentIssueBanner } from './payment-issue-banner';

/**
 * The failed-renewal banner where people ask, not only on /subscription: read for paid accounts
 * only (a free account has no renewal to fail).
 */
export function PlanPaymentNotice({ user }: { user: SessionUser | null | undefined }) {
  const paid = Boolean(user) && user?.subscriptionTier !== 'free';
  const subscription = useSubscription({ enabled: paid });
  if (!paid) return null;
  return <PaymentIssueBanner subscription={subscription.data} />;
}
