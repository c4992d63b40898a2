import {
  FREE_QUERIES_TOTAL,
  PLANS,
  PLAN_TAGLINES,
  PRICING_PLAN_IDS,
  PRICING_SCREEN,
  type Plan,
  formatPricePer1k,
} from '@council/contracts';
import { Check, Minus } from 'lucide-react';
import { type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { formatTokenCount } from '../utils/format';
import { PlanAction, type PlanActionState } from './plan-action';
import { PlanBadges } from './plan-badges';
import { PlanPrice } from './plan-price';

const plans = PRICING_PLAN_IDS.map((id) => PLANS[id]);

function Included({ value }: { value: boolean }) {
  return value ? (
    <>
      <Check aria-hidden="true" className="mx-auto size-5 text-primary" />
      <span className="sr-only">{PRICING_SCREEN.included}</span>
    </>
  ) : (
    <>
      <Minus aria-hidden="true" className="mx-auto size-5 text-muted-foreground" />
      <span className="sr-only">{PRICING_SCREEN.notIncluded}</span>
    </>
  );
}

/** The comparison rows (spec §6, §9), every value read from PLANS. */
const ROWS: readonly { label: string; value: (plan: Plan) => ReactNode }[] = [
  {
    label: PRICING_SCREEN.rows.queries,
    value: (plan) =>
      plan.sellable ? PRICING_SCREEN.queriesUnlimited : PRICING_SCREEN.queriesTotal(FREE_QUERIES_TOTAL),
  },
  {
    label: PRICING_SCREEN.rows.tokens,
    value: (plan) =>
      plan.sellable
        ? PRICING_SCREEN.tokensPerMonth(formatTokenCount(plan.tokenAllowance))
        : PRICING_SCREEN.tokensOnce(formatTokenCount(plan.tokenAllowance)),
  },
  {
    label: PRICING_SCREEN.rows.extraTokens,
    value: (plan) => formatPricePer1k(plan.extraTokenPricePer1kPence),
  },
  {
    label: PRICING_SCREEN.rows.agents,
    value: (plan) =>
      plan.features.changeAgents
        ? PRICING_SCREEN.upToAgents(plan.agents.max)
        : PRICING_SCREEN.fixedAgents(plan.agents.max),
  },
  {
    label: PRICING_SCREEN.rows.changeAgents,
    value: (plan) => <Included value={plan.features.changeAgents} />,
  },
  { label: PRICING_SCREEN.rows.debate, value: (plan) => <Included value={plan.features.debate} /> },
  { label: PRICING_SCREEN.rows.reasoning, value: (plan) => <Included value={plan.features.reasoning} /> },
  {
    label: PRICING_SCREEN.rows.history,
    value: (plan) =>
      plan.historyRetentionDays === null
        ? PRICING_SCREEN.historyUnlimited
        : PRICING_SCREEN.historyDays(plan.historyRetentionDays),
  },
];

/**
 * Every plan cell has 2 px side borders (transparent) so the columns line up; the most popular one
 * colours them, tinting a band with a primary outline. Row separators keep the border colour.
 */
const planCell = 'border-x-2 border-x-transparent';
const popularCell = 'border-x-primary bg-secondary/50';

/** The desktop comparison table of Free, Premium and Max Plan (spec §2). */
export function PricingTable({ state, className }: { state: PlanActionState; className?: string }) {
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full table-fixed border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{PRICING_SCREEN.tableCaption}</caption>
        <colgroup>
          <col className="w-[28%]" />
          {plans.map((plan) => (
            <col key={plan.id} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className="p-4 align-bottom" />
            {plans.map((plan) => (
              <th
                key={plan.id}
                scope="col"
                className={cn(
                  planCell,
                  'rounded-t-2xl border-t-2 border-t-transparent px-5 pt-5 pb-3 text-left align-top font-normal',
                  plan.mostPopular && cn(popularCell, 'border-t-primary'),
                )}
              >
                <span className="flex min-h-6 items-center">
                  <PlanBadges plan={plan} current={state.currentTier === plan.id} />
                </span>
                <span className="mt-3 block text-lg font-semibold text-foreground">{plan.title}</span>
                <PlanPrice plan={plan} className="mt-1" />
                <span className="mt-2 block min-h-10 text-sm leading-snug text-muted-foreground">
                  {PLAN_TAGLINES[plan.id]}
                </span>
              </th>
            ))}
          </tr>
          <tr>
            <td />
            {plans.map((plan) => (
              <td key={plan.id} className={cn(planCell, 'px-5 pb-5', plan.mostPopular && popularCell)}>
                <PlanAction plan={plan} state={state} />
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row, index) => {
            const last = index === ROWS.length - 1;
            return (
              <tr key={row.label}>
                <th
                  scope="row"
                  className="border-t border-border py-3.5 pr-4 text-left font-medium text-foreground"
                >
                  {row.label}
                </th>
                {plans.map((plan) => (
                  <td
                    key={plan.id}
                    className={cn(
                      planCell,
                      'border-t border-t-border px-5 py-3.5 text-center text-foreground',
                      last && 'rounded-b-2xl border-b-2 border-b-transparent',
                      plan.mostPopular && cn(popularCell, last && 'border-b-primary'),
                    )}
                  >
                    {row.value(plan)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
