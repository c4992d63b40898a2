import {
  BILLING_PROCESSING_LABEL,
  PRICING_SCREEN,
  type Plan,
  ROUTE_PATHS,
  type SellableTier,
  isSellableTier,
} from '@council/contracts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** What the plan table and cards need to draw a plan's button. */
export interface PlanActionState {
  /** Null for a signed-out visitor. */
  currentTier: Plan['id'] | null;
  /** The tier whose subscribe call is in flight; every subscribe button is disabled meanwhile. */
  pendingTier: SellableTier | null;
  onSubscribe: (tier: SellableTier) => void;
}

/**
 * A plan's call to action: Free is "Sign up free" for visitors and "Your plan" for free users; the
 * paid plans subscribe (spec §2, §4).
 */
export function PlanAction({
  plan,
  state,
  className,
}: {
  plan: Plan;
  state: PlanActionState;
  className?: string;
}) {
  const { currentTier, pendingTier, onSubscribe } = state;
  const classes = cn('w-full', className);

  if (!isSellableTier(plan.id)) {
    if (currentTier === null) {
      return (
        <Button asChild variant="outline" className={classes}>
          <Link to={ROUTE_PATHS.register}>{PRICING_SCREEN.signUpFree}</Link>
        </Button>
      );
    }
    return (
      <Button variant="outline" disabled className={classes}>
        {PRICING_SCREEN.yourPlan}
      </Button>
    );
  }

  const tier = plan.id;
  if (currentTier === tier) {
    return (
      <Button variant="outline" disabled className={classes}>
        {PRICING_SCREEN.subscribed}
      </Button>
    );
  }
  return (
    <Button
      variant={plan.mostPopular ? 'default' : 'outline'}
      disabled={pendingTier !== null}
      aria-busy={pendingTier === tier}
      onClick={() => onSubscribe(tier)}
      className={classes}
    >
      {pendingTier === tier ? BILLING_PROCESSING_LABEL : PRICING_SCREEN.subscribe(plan.name)}
    </Button>
  );
}
