import {
  DEMO_PURCHASES_SECTION as TEXT,
  type DemoPurchase,
  formatGbp,
  toastWithMessage,
} from '@council/contracts';
import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { type DemoPurchaseAction, useDemoPurchaseAction, useDemoPurchases } from '../api/demo-purchases';
import { formatLongDate, formatTokenCount } from '../utils/format';
import { serverMessage } from '../utils/payment-errors';

/** The state line of a purchase: refunds, the dispute and what they did to the tokens. */
function purchaseState(purchase: DemoPurchase): string[] {
  const lines: string[] = [];
  if (purchase.refundedPence >= purchase.amountPence) lines.push(TEXT.fullyRefunded);
  else if (purchase.refundedPence > 0) lines.push(TEXT.refunded(formatGbp(purchase.refundedPence)));
  if (purchase.dispute) lines.push(TEXT.disputeStates[purchase.dispute]);
  if (purchase.frozenTokens > 0) lines.push(TEXT.tokensFrozen(formatTokenCount(purchase.frozenTokens)));
  if (purchase.revokedTokens > 0) lines.push(TEXT.tokensTaken(formatTokenCount(purchase.revokedTokens)));
  if (purchase.debtTokens > 0) lines.push(TEXT.tokensOwed(formatTokenCount(purchase.debtTokens)));
  return lines;
}

function PurchaseRow({
  purchase,
  busy,
  onAction,
}: {
  purchase: DemoPurchase;
  busy: boolean;
  onAction: (action: DemoPurchaseAction) => void;
}) {
  const refunded = purchase.refundedPence >= purchase.amountPence;
  const disputeOpen = purchase.dispute === 'open';
  // As at Stripe: a disputed charge cannot be refunded, a fully refunded one not disputed.
  const canRefund = !refunded && purchase.dispute !== 'open' && purchase.dispute !== 'lost';
  const canDispute = !refunded && purchase.dispute === null;
  // Half of what is left, in whole pence: offered while that is at least a penny short of all of it.
  const half = Math.floor((purchase.amountPence - purchase.refundedPence) / 2);
  const state = purchaseState(purchase);
  const bought = formatLongDate(purchase.createdAt);

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="font-medium">{purchase.title}</p>
        <p className="text-sm text-muted-foreground">
          {TEXT.price(formatGbp(purchase.amountPence))}
          {bought ? ` · ${TEXT.bought(bought)}` : null}
        </p>
        {state.length > 0 ? <p className="text-sm">{state.join(' · ')}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {canRefund ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={TEXT.refundLabel(purchase.title)}
            onClick={() => onAction({ id: purchase.id, kind: 'refund' })}
          >
            {TEXT.refund}
          </Button>
        ) : null}
        {canRefund && half >= 1 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={TEXT.refundHalfLabel(purchase.title, formatGbp(half))}
            onClick={() => onAction({ id: purchase.id, kind: 'refund', amountPence: half })}
          >
            {TEXT.refundHalf}
          </Button>
        ) : null}
        {canDispute ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={TEXT.disputeLabel(purchase.title)}
            onClick={() => onAction({ id: purchase.id, kind: 'dispute' })}
          >
            {TEXT.dispute}
          </Button>
        ) : null}
        {disputeOpen ? (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={TEXT.wonLabel(purchase.title)}
              onClick={() => onAction({ id: purchase.id, kind: 'dispute', outcome: 'won' })}
            >
              {TEXT.won}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={TEXT.lostLabel(purchase.title)}
              onClick={() => onAction({ id: purchase.id, kind: 'dispute', outcome: 'lost' })}
            >
              {TEXT.lost}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/**
 * "Demo: your purchases" on /subscription in demo mode (DECISIONS 27): the account's demo token
 * packs with a clearly labelled Refund and Dispute (then Won / Lost). Billing runs the handlers of
 * Stripe's refund and dispute events; the balance, the plan card and this list are re-read after.
 */
export function DemoPurchasesCard() {
  const purchases = useDemoPurchases({ enabled: true });
  const action = useDemoPurchaseAction();
  const titleId = 'demo-purchases-title';

  const run = (next: DemoPurchaseAction) =>
    action.mutate(next, {
      onSuccess: (reply) => toast(reply.changed ? TEXT.done : TEXT.unchanged),
      onError: (error) =>
        toast(toastWithMessage(TEXT.failed, error instanceof ApiError ? serverMessage(error) : null)),
    });

  const list = purchases.data?.purchases ?? [];

  return (
    <Card role="region" aria-labelledby={titleId} className="border-dashed border-primary/40">
      <CardHeader className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
            <FlaskConical aria-hidden="true" className="size-5" />
          </span>
          <CardTitle id={titleId}>{TEXT.title}</CardTitle>
          <Badge variant="secondary">{TEXT.badge}</Badge>
        </div>
        <CardDescription>{TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">
        {purchases.isPending ? (
          <Spinner label={TEXT.loading} />
        ) : purchases.isError ? (
          <p className="text-sm text-destructive">{TEXT.loadError}</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXT.empty}</p>
        ) : (
          <ul aria-label={TEXT.listLabel} className="space-y-3">
            {list.map((purchase) => (
              <PurchaseRow
                key={purchase.id}
                purchase={purchase}
                busy={action.isPending && action.variables.id === purchase.id}
                onAction={run}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
