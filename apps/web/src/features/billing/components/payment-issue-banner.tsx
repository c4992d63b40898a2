import { PAYMENT_ISSUE_BANNER, type SubscriptionStatusResponse } from '@council/contracts';
import { CreditCard, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useCustomerPortal } from '../hooks/use-customer-portal';

/** Whether the plan's renewal payment failed and Stripe is retrying it (its `past_due`). */
export function hasPaymentIssue(subscription: SubscriptionStatusResponse | undefined): boolean {
  return subscription?.status === 'past_due';
}

/**
 * A failed renewal payment (invoice.payment_failed leaves the subscription past due): the plan
 * stays until Stripe ends it, and the billing portal's card page is one click away. Paying clears
 * the status, and with it the banner.
 */
export function PaymentIssueBanner({
  subscription,
  className,
}: {
  subscription: SubscriptionStatusResponse | undefined;
  className?: string;
}) {
  const portal = useCustomerPortal();
  if (!hasPaymentIssue(subscription)) return null;
  return (
    <section
      role="alert"
      aria-label={PAYMENT_ISSUE_BANNER.title}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="space-y-1">
        <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
          {PAYMENT_ISSUE_BANNER.title}
        </p>
        <p className="text-sm text-muted-foreground">{PAYMENT_ISSUE_BANNER.text}</p>
      </div>
      <Button
        size="sm"
        className="self-start sm:self-center"
        disabled={portal.isPending || subscription?.hasBillingAccount === false}
        aria-busy={portal.isPending}
        onClick={() => portal.mutate('payment_method')}
      >
        <CreditCard aria-hidden="true" />
        {PAYMENT_ISSUE_BANNER.action}
      </Button>
    </section>
  );
}
