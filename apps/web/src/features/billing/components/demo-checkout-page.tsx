import {
  BILLING_PROCESSING_LABEL,
  BILLING_RETURN_PATH,
  type BillingDemoSessionReply,
  DEMO_CHECKOUT_SCREEN,
  type DemoAction,
  PAYMENT_TOASTS,
  ROUTE_PATHS,
  formatGbp,
  toastWithMessage,
} from '@council/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { userKeys } from '@/lib/auth';
import { billingKeys } from '../api/billing-keys';
import { useConfirmDemoSession, useDemoSession } from '../api/demo-checkout';
import { browserLocation } from '../utils/browser-location';
import { formatTokenCount } from '../utils/format';
import { purchaseErrorMessage } from '../utils/payment-errors';

/** An absolute URL on this origin as an in-app path; null for anything else. */
function sameOriginPath(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin
      ? `${parsed.pathname}${parsed.search}${parsed.hash}`
      : null;
  } catch {
    return null;
  }
}

const isMonthly = (session: BillingDemoSessionReply) =>
  session.kind === 'subscription' || session.kind === 'upgrade';

function priceText(session: BillingDemoSessionReply): string {
  if (session.amountPence === null) return DEMO_CHECKOUT_SCREEN.noCharge;
  const price = formatGbp(session.amountPence);
  return isMonthly(session) ? DEMO_CHECKOUT_SCREEN.perMonth(price) : price;
}

/** The portal's primary button says what it does (DECISIONS 21); checkouts read "Confirm". */
function confirmLabel(session: BillingDemoSessionReply): string {
  if (session.kind === 'portal' && session.portalFlow) {
    return DEMO_CHECKOUT_SCREEN.portalConfirm[session.portalFlow];
  }
  return DEMO_CHECKOUT_SCREEN.confirm;
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={
          strong
            ? 'text-right text-lg font-bold tabular-nums text-foreground'
            : 'text-right text-sm font-medium text-foreground'
        }
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * /demo-checkout/:id (DECISIONS 14): the local stand-in for Stripe Checkout when no payment keys are
 * configured, clearly labelled as a demo. Confirm fulfils the session on the server and goes to its
 * redirectUrl (the pricing screen, which shows the success toast); Cancel (Back on the demo billing
 * portal, where "Cancel" would read as cancelling the plan) goes back to the pricing screen.
 */
export function DemoCheckoutPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useDemoSession(id);
  const confirm = useConfirmDemoSession();

  /** Our own pages stay in the app; anything else is a full navigation. */
  const go = (url: string) => {
    const path = sameOriginPath(url);
    if (path) void navigate(path);
    else browserLocation.assign(url);
  };

  const onConfirm = (action: DemoAction = 'confirm') =>
    confirm.mutate(
      { id, action },
      {
        onSuccess: (reply) => {
          void queryClient.invalidateQueries({ queryKey: userKeys.user() });
          void queryClient.invalidateQueries({ queryKey: billingKeys.subscription() });
          go(reply.redirectUrl);
        },
        onError: (error) => {
          toast(toastWithMessage(PAYMENT_TOASTS.failed, purchaseErrorMessage(error)));
        },
      },
    );

  const onCancel = () => {
    const target = session.data ? sameOriginPath(session.data.cancelUrl) : null;
    void navigate(target ?? BILLING_RETURN_PATH);
  };

  return (
    <div className="page-container py-12 sm:py-16">
      <div className="mx-auto max-w-xl space-y-6">
        <div className="space-y-4">
          <Badge variant="secondary" className="gap-1.5 px-3 py-1 text-sm">
            <FlaskConical aria-hidden="true" className="size-3.5!" />
            {DEMO_CHECKOUT_SCREEN.badge}
          </Badge>
          <PageHeader title={DEMO_CHECKOUT_SCREEN.heading} />
          <p
            role="note"
            className="rounded-lg border border-dashed border-primary/40 bg-secondary/50 px-4 py-3 text-sm leading-relaxed text-secondary-foreground"
          >
            {DEMO_CHECKOUT_SCREEN.intro}
          </p>
        </div>

        {session.isPending ? (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner label={DEMO_CHECKOUT_SCREEN.loading} />
          </div>
        ) : session.isError ? (
          <Card>
            <CardHeader>
              <CardTitle>{DEMO_CHECKOUT_SCREEN.notFoundTitle}</CardTitle>
              <CardDescription>{DEMO_CHECKOUT_SCREEN.notFoundText}</CardDescription>
            </CardHeader>
            <CardFooter>
              <Button variant="outline" onClick={() => void navigate(ROUTE_PATHS.subscription)}>
                {DEMO_CHECKOUT_SCREEN.backToPricing}
              </Button>
            </CardFooter>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>{DEMO_CHECKOUT_SCREEN.summaryTitle}</CardTitle>
              <CardDescription>{session.data.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-border border-y border-border">
                <SummaryRow label={DEMO_CHECKOUT_SCREEN.item} value={session.data.title} />
                <SummaryRow
                  label={DEMO_CHECKOUT_SCREEN.kind}
                  value={DEMO_CHECKOUT_SCREEN.kinds[session.data.kind]}
                />
                {session.data.tokens === null ? null : (
                  <SummaryRow
                    label={DEMO_CHECKOUT_SCREEN.tokens}
                    value={
                      isMonthly(session.data)
                        ? DEMO_CHECKOUT_SCREEN.tokensPerMonth(formatTokenCount(session.data.tokens))
                        : formatTokenCount(session.data.tokens)
                    }
                  />
                )}
                <SummaryRow label={DEMO_CHECKOUT_SCREEN.price} value={priceText(session.data)} strong />
              </dl>
              {session.data.status === 'complete' ? (
                <p className="mt-4 text-sm text-muted-foreground">{DEMO_CHECKOUT_SCREEN.alreadyConfirmed}</p>
              ) : null}
            </CardContent>
            {session.data.actions.includes('end-period-now') ? (
              <CardContent>
                <div
                  role="group"
                  aria-label={DEMO_CHECKOUT_SCREEN.endPeriodNow}
                  className="space-y-3 rounded-lg border border-dashed border-amber-400 bg-amber-50 p-4"
                >
                  <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
                    <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
                    {DEMO_CHECKOUT_SCREEN.endPeriodNow}
                  </p>
                  <p className="text-sm text-amber-900">{DEMO_CHECKOUT_SCREEN.endPeriodNowHint}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={confirm.isPending}
                    onClick={() => onConfirm('end-period-now')}
                  >
                    {DEMO_CHECKOUT_SCREEN.endPeriodNow}
                  </Button>
                </div>
              </CardContent>
            ) : null}
            <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                disabled={confirm.isPending}
                onClick={onCancel}
              >
                {session.data.kind === 'portal' ? DEMO_CHECKOUT_SCREEN.back : DEMO_CHECKOUT_SCREEN.cancel}
              </Button>
              {session.data.actions.includes('confirm') ? (
                <Button
                  className="w-full sm:w-auto"
                  disabled={confirm.isPending}
                  aria-busy={confirm.isPending}
                  onClick={() => onConfirm('confirm')}
                >
                  {confirm.isPending ? BILLING_PROCESSING_LABEL : confirmLabel(session.data)}
                </Button>
              ) : null}
            </CardFooter>
          </Card>
        )}
      </div>
    </div>
  );
}
