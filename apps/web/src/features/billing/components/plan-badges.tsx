import { PRICING_SCREEN, type Plan } from '@council/contracts';
import { Badge } from '@/components/ui/badge';

/** "Most Popular" on Premium and "Current Plan" on the user's own plan (spec §2). */
export function PlanBadges({ plan, current }: { plan: Plan; current: boolean }) {
  if (!plan.mostPopular && !current) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {plan.mostPopular ? <Badge>{PRICING_SCREEN.mostPopular}</Badge> : null}
      {current ? <Badge variant="secondary">{PRICING_SCREEN.currentPlan}</Badge> : null}
    </span>
  );
}
