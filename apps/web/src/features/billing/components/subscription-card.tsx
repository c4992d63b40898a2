import {
  BILLING_PROCESSING_LABEL,
  LOW_BALANCE_NOTICE,
  type SessionUser,
  SUBSCRIPTION_CARD,
  SUBSCRIPTION_STATUS_LABELS,
  TOKEN_BALANCE,
  type SubscriptionStatusResponse,
  type SubscriptionTier,
  formatGbp,
  formatTokens,
  getPlan,
  isLowBalance,
} from '@council/contracts';
import { ArrowUpCircle, Check, CreditCard, RotateCcw, TriangleAlert, XCircle } from 'lucide-react';
import { type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useCustomerPortal } from '../hooks/use-customer-portal';
import { useSubscribe } from '../hooks/use-subscribe';
import { formatLongDate } from '../utils/format';

interface SubscriptionCardProps {
  tier: SubscriptionTier;
  user: Pick<SessionUser, 'tokensLeft' | 'stripeCustomerId'>;
  /** GET /api/subscription; undefined while it loads (or when it failed: the user's own numbers stay). */
  subscription: SubscriptionStatusResponse | undefined;
  loading: boolean;
  className?: string;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-muted/60 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm font-semibold text-foreground">{children}</dd>
    </div>
  );
}

function Pending() {
  return <span aria-hidden="true" className="inline-block h-4 w-24 animate-pulse rounded bg-border" />;
}

/**
 * "Your Premium/Max Subscription" (spec §2): the tokens left and this period's allowance left out of
 * the plan allowance, the real renewal date
 * (DECISIONS 6), plan, price and status; Upgrade to Max Plan (premium only), Manage Payment Method and
 * Cancel Subscription (both open the billing portal and need a billing account: the first on the
 * card, the second on cancelling at the end of the paid period, DECISIONS 21). A plan cancelling at
 * period end offers Resume Subscription in place of Cancel (portal flow `resume`).
 */
export function SubscriptionCard({ tier, user, subscription, loading, className }: SubscriptionCardProps) {
  const plan = getPlan(tier);
  const upgrade = useSubscribe('upgrade');
  const portal = useCustomerPortal();

  const tokensLeft = subscription?.tokensLeft ?? user.tokensLeft;
  const allowance = subscription?.tokenAllowance ?? plan.tokenAllowance;
  // What is left of this period's allocation; without the lookup, the whole balance stands in for it.
  const allowanceLeft = subscription ? subscription.monthlyTokens : Math.min(tokensLeft, allowance);
  const fill = allowance > 0 ? Math.round(Math.min(1, allowanceLeft / allowance) * 100) : 0;
  const low = isLowBalance(tokensLeft, tier);
  const hasBillingAccount = subscription?.hasBillingAccount ?? Boolean(user.stripeCustomerId);
  const renewal = formatLongDate(subscription?.currentPeriodEnd ?? subscription?.nextTokenReset);
  const cancelling = subscription?.cancelAtPeriodEnd === true;
  const statusLabel = SUBSCRIPTION_STATUS_LABELS[subscription?.status ?? 'active'];
  const busy = upgrade.isPending || portal.isPending;
  const titleId = 'subscription-card-title';

  return (
    <Card aria-labelledby={titleId} role="region" className={className}>
      <CardHeader className="gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>{SUBSCRIPTION_CARD.title(plan.name)}</CardTitle>
          <CardDescription>{SUBSCRIPTION_CARD.description}</CardDescription>
        </div>
        {loading ? null : (
          <Badge variant={subscription?.status === 'active' || !subscription ? 'secondary' : 'muted'}>
            {statusLabel}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{SUBSCRIPTION_CARD.tokensRemaining}</p>
          <p className="mt-1 flex items-baseline gap-2 text-foreground">
            <span className="text-4xl font-bold tabular-nums tracking-tight">{formatTokens(tokensLeft)}</span>
            <span className="text-base font-medium text-muted-foreground">{TOKEN_BALANCE.tokensUnit}</span>
          </p>
          <div className="mt-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
            <span className="font-medium text-foreground">{SUBSCRIPTION_CARD.monthlyAllowance}</span>
            <span className="tabular-nums text-muted-foreground">
              {SUBSCRIPTION_CARD.ofAllowance(formatTokens(allowanceLeft), formatTokens(allowance))}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={SUBSCRIPTION_CARD.monthlyAllowance}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={fill}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-border"
          >
            <div
              className={cn('h-full rounded-full', low ? 'bg-destructive' : 'bg-primary')}
              style={{ width: `${fill}%` }}
            />
          </div>
          {subscription ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {SUBSCRIPTION_CARD.breakdown(
                formatTokens(subscription.purchasedTokens),
                formatTokens(subscription.freeTokens),
              )}
            </p>
          ) : null}
          {low ? (
            <p className="mt-3 flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-foreground">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              {LOW_BALANCE_NOTICE}
            </p>
          ) : null}
        </div>

        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label={SUBSCRIPTION_CARD.plan}>{plan.title}</Detail>
          <Detail label={SUBSCRIPTION_CARD.price}>
            {plan.monthlyPricePence === null
              ? SUBSCRIPTION_CARD.noPrice
              : SUBSCRIPTION_CARD.perMonth(formatGbp(plan.monthlyPricePence))}
          </Detail>
          <Detail label={cancelling ? SUBSCRIPTION_CARD.ends : SUBSCRIPTION_CARD.renews}>
            {loading ? <Pending /> : (renewal ?? SUBSCRIPTION_CARD.noDate)}
          </Detail>
          <Detail label={SUBSCRIPTION_CARD.status}>{loading ? <Pending /> : statusLabel}</Detail>
        </dl>

        {cancelling && renewal ? (
          <p className="rounded-lg border border-border bg-muted/60 p-3 text-sm text-foreground">
            {SUBSCRIPTION_CARD.cancelsAtPeriodEnd(renewal)}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {tier === 'premium' ? (
            <Button disabled={busy} aria-busy={upgrade.isPending} onClick={() => upgrade.mutate('max')}>
              <ArrowUpCircle aria-hidden="true" />
              {upgrade.isPending ? BILLING_PROCESSING_LABEL : SUBSCRIPTION_CARD.upgradeToMax}
            </Button>
          ) : null}
          <Button
            variant="outline"
            disabled={busy || !hasBillingAccount}
            onClick={() => portal.mutate('payment_method')}
            aria-describedby={hasBillingAccount ? undefined : 'portal-hint'}
          >
            <CreditCard aria-hidden="true" />
            {SUBSCRIPTION_CARD.managePaymentMethod}
          </Button>
          {cancelling ? (
            <Button
              variant="outline"
              disabled={busy || !hasBillingAccount}
              aria-busy={portal.isPending && portal.variables === 'resume'}
              onClick={() => portal.mutate('resume')}
              aria-describedby={hasBillingAccount ? undefined : 'portal-hint'}
            >
              <RotateCcw aria-hidden="true" />
              {SUBSCRIPTION_CARD.resumeSubscription}
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={busy || !hasBillingAccount}
              onClick={() => portal.mutate('cancel')}
              aria-describedby={hasBillingAccount ? undefined : 'portal-hint'}
              className="text-destructive hover:text-destructive"
            >
              <XCircle aria-hidden="true" />
              {SUBSCRIPTION_CARD.cancelSubscription}
            </Button>
          )}
        </div>
        {hasBillingAccount ? null : (
          <p id="portal-hint" className="text-xs text-muted-foreground">
            {SUBSCRIPTION_CARD.noBillingAccount}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}

/** What the user's plan includes (its pricing-screen bullets), beside the management card. */
export function PlanIncludesCard({ tier, className }: { tier: SubscriptionTier; className?: string }) {
  const plan = getPlan(tier);
  if (plan.bullets.length === 0) return null;
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {SUBSCRIPTION_CARD.includedTitle}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2.5 text-sm text-foreground">
          {plan.bullets.map((bullet) => (
            <li key={bullet} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{bullet}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
