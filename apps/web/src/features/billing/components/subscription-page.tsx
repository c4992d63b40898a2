import {
  PRICING_SCREEN,
  ROUTE_PATHS,
  type SellableTier,
  type SessionUser,
  type SubscriptionTier,
  authPathReturningTo,
} from '@council/contracts';
import { FlaskConical } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';
import { useSubscription } from '../api/get-subscription';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { useSubscribe } from '../hooks/use-subscribe';
import { DemoPurchasesCard } from './demo-purchases-card';
import { PaymentIssueBanner } from './payment-issue-banner';
import { type PlanActionState } from './plan-action';
import { PricingCards } from './pricing-cards';
import { PricingTable } from './pricing-table';
import { PlanIncludesCard, SubscriptionCard } from './subscription-card';
import { TokenPacksCard } from './token-packs-card';

function DemoNotice() {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-dashed border-primary/40 bg-secondary/50 px-4 py-3 text-sm text-secondary-foreground">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {PRICING_SCREEN.demoNotice}
    </p>
  );
}

/** Free users and visitors: "Pricing" with the table (desktop) or cards (mobile). */
function PricingPlans({ user }: { user: SessionUser | null }) {
  const navigate = useNavigate();
  const subscribe = useSubscribe('pricing');

  const state: PlanActionState = {
    currentTier: user ? user.subscriptionTier : null,
    pendingTier: subscribe.isPending ? subscribe.variables : null,
    onSubscribe: (tier: SellableTier) => {
      if (!user) {
        void navigate(authPathReturningTo(ROUTE_PATHS.subscription));
        return;
      }
      subscribe.mutate(tier);
    },
  };

  return (
    <>
      <PricingTable state={state} className="hidden md:block" />
      <PricingCards state={state} className="md:hidden" />
    </>
  );
}

/**
 * /subscription (spec §2): free users and visitors see "Pricing"; premium and max users "Manage Your
 * Subscription"; everyone the token packs. If the session lookup fails the screen carries on as a
 * guest. Coming back from a checkout shows its toast and refreshes the balance.
 */
export function SubscriptionPage() {
  useCheckoutReturn();
  const { data, isPending } = useUser();
  const user = data ?? null;
  const subscription = useSubscription({ enabled: user !== null });

  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading your plan" />
      </div>
    );
  }

  const tier: SubscriptionTier = subscription.data?.tier ?? user?.subscriptionTier ?? 'free';
  const manage = user !== null && tier !== 'free';

  return (
    <div className="page-container space-y-10 py-12 sm:py-16">
      <div className="space-y-6">
        <PageHeader
          title={manage ? PRICING_SCREEN.manageHeading : PRICING_SCREEN.heading}
          description={manage ? PRICING_SCREEN.manageDescription : PRICING_SCREEN.description}
        />
        {subscription.data?.demoMode ? <DemoNotice /> : null}
        {manage ? <PaymentIssueBanner subscription={subscription.data} /> : null}
      </div>
      {manage ? (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <SubscriptionCard
            tier={tier}
            user={user}
            subscription={subscription.data}
            loading={subscription.isPending}
            className="lg:col-span-2"
          />
          <PlanIncludesCard tier={tier} />
        </div>
      ) : (
        <PricingPlans user={user ? { ...user, subscriptionTier: tier } : null} />
      )}
      <TokenPacksCard signedIn={user !== null} />
      {user !== null && subscription.data?.demoMode ? <DemoPurchasesCard /> : null}
    </div>
  );
}
