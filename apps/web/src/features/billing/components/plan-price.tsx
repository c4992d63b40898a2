import { PRICING_SCREEN, type Plan, formatGbp } from '@council/contracts';
import { cn } from '@/lib/utils';

/** "£29.99/month" with the amount large. */
export function PlanPrice({ plan, className }: { plan: Plan; className?: string }) {
  return (
    <p className={cn('flex items-baseline gap-1 text-foreground', className)}>
      <span className="text-3xl font-bold tracking-tight tabular-nums">
        {formatGbp(plan.monthlyPricePence ?? 0)}
      </span>
      <span className="text-sm font-medium text-muted-foreground">{PRICING_SCREEN.perMonth}</span>
    </p>
  );
}
