import { PLANS, PLAN_TAGLINES, PRICING_PLAN_IDS, PRICING_SCREEN } from '@council/contracts';
import { Check } from 'lucide-react';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { PlanAction, type PlanActionState } from './plan-action';
import { PlanBadges } from './plan-badges';
import { PlanPrice } from './plan-price';

/** The mobile version of the comparison: one card per plan with its feature bullets (spec §2). */
export function PricingCards({ state, className }: { state: PlanActionState; className?: string }) {
  return (
    <ul aria-label={PRICING_SCREEN.cardsLabel} className={cn('grid gap-4', className)}>
      {PRICING_PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        return (
          <li key={id}>
            <Card className={cn(plan.mostPopular && 'border-2 border-primary shadow-md')}>
              <CardHeader className="gap-2">
                <PlanBadges plan={plan} current={state.currentTier === plan.id} />
                <CardTitle as="h3">{plan.title}</CardTitle>
                <PlanPrice plan={plan} />
                <p className="text-sm text-muted-foreground">{PLAN_TAGLINES[id]}</p>
              </CardHeader>
              <CardContent>
                <ul className="space-y-2 text-sm text-foreground">
                  {plan.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      <span>{bullet}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <PlanAction plan={plan} state={state} />
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
