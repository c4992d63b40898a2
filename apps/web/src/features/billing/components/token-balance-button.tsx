import {
  BALANCE_REFRESH_WHILE_RESERVED_MS,
  BALANCE_SETTLE_AFTER_RESERVATION_MS,
  BUY_MORE_TOKENS_LABEL,
  LOW_BALANCE_NOTICE,
  ROUTE_PATHS,
  type SessionUser,
  TOKEN_BALANCE,
  balanceRatio,
  formatTokens,
  getPlan,
  isLowBalance,
  isTrialOver,
  spendableTokens,
  tokenAllowanceFor,
} from '@council/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleSlash, Coins, Hourglass, Plus, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { getUserQueryOptions } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { TokenPurchaseDialog } from './token-purchase-dialog';

interface TokenBalanceButtonProps {
  user: Pick<SessionUser, 'tokensLeft' | 'subscriptionTier' | 'queriesLeft' | 'purchasedTokens'> &
    Partial<Pick<SessionUser, 'reservedTokens'>>;
  className?: string;
}

/** True for BALANCE_SETTLE_AFTER_RESERVATION_MS after `holding` turns false. */
function useSettling(holding: boolean): boolean {
  const [settling, setSettling] = useState(false);
  const held = useRef(holding);
  useEffect(() => {
    const released = held.current && !holding;
    held.current = holding;
    if (!released) return undefined;
    setSettling(true);
    const timer = window.setTimeout(() => setSettling(false), BALANCE_SETTLE_AFTER_RESERVATION_MS);
    return () => window.clearTimeout(timer);
  }, [holding]);
  return settling;
}

/**
 * The signed-in header's token balance (spec §2) and its dialog: what can be spent (1,000 and over
 * as rounded K; past its free queries a free account's purchased tokens only, DECISIONS 24), with a
 * running question's reservation shown apart (and re-read until it is given back), the bar against
 * the tier's allowance, the low-balance notice under 10 percent, Buy More Tokens (hidden on free;
 * opens the purchase dialog) and the Upgrade Plan link (hidden on max).
 */
export function TokenBalanceButton({ user, className }: TokenBalanceButtonProps) {
  const [open, setOpen] = useState(false);
  const [purchaseOpen, setPurchaseOpen] = useState(false);
  const tier = user.subscriptionTier;
  const tokensLeft = spendableTokens(user);
  const trialOver = isTrialOver(tier, user.queriesLeft);
  const reserved = user.reservedTokens ?? 0;
  const settling = useSettling(reserved > 0);
  // While a question holds tokens, re-read the user until they come back (it ends or is stopped),
  // and a little longer: a stopped question's partial answers are settled just after the release.
  const refreshing = reserved > 0 || settling;
  useQuery({
    ...getUserQueryOptions(),
    enabled: refreshing,
    refetchInterval: refreshing ? BALANCE_REFRESH_WHILE_RESERVED_MS : false,
  });
  const plan = getPlan(tier);
  const formatted = formatTokens(tokensLeft);
  const formattedReserved = formatTokens(reserved);
  // The reservation mostly comes back: judge "low" on what the account holds, not on the hold.
  const low = isLowBalance(tokensLeft + reserved, tier);
  const fill = Math.round(balanceRatio(tokensLeft, tier) * 100);

  const openPurchase = () => {
    setOpen(false);
    setPurchaseOpen(true);
  };

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-label={
              reserved > 0
                ? `${TOKEN_BALANCE.buttonLabel(formatted)}, ${TOKEN_BALANCE.reservedLabel(formattedReserved)}`
                : TOKEN_BALANCE.buttonLabel(formatted)
            }
            className={cn('gap-1.5 tabular-nums', low && 'border-destructive/40 text-destructive', className)}
          >
            <Coins aria-hidden="true" className={cn(!low && 'text-primary')} />
            <span data-testid="balance-spendable">{formatted}</span>
            {reserved > 0 ? (
              <span
                data-testid="balance-reserved"
                className="flex items-center gap-1 border-l border-border pl-1.5 text-xs font-normal text-muted-foreground"
              >
                <Hourglass aria-hidden="true" className="size-3!" />
                {TOKEN_BALANCE.reserved(formattedReserved)}
              </span>
            ) : null}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{TOKEN_BALANCE.title}</DialogTitle>
            <DialogDescription>{TOKEN_BALANCE.description}</DialogDescription>
          </DialogHeader>
          <div className="rounded-xl border border-border bg-muted/50 p-4">
            <p className="text-xs font-medium text-muted-foreground">{TOKEN_BALANCE.spendable}</p>
            <div className="flex items-baseline justify-between gap-3">
              <p className="text-3xl font-bold tabular-nums tracking-tight">
                {formatted}{' '}
                <span className="text-base font-medium text-muted-foreground">
                  {TOKEN_BALANCE.tokensUnit}
                </span>
              </p>
              <span className="rounded-full bg-secondary px-2.5 py-1 text-xs font-semibold text-secondary-foreground">
                {TOKEN_BALANCE.planLabel(plan.name)}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={TOKEN_BALANCE.title}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={fill}
              className="mt-4 h-2 overflow-hidden rounded-full bg-border"
            >
              <div
                className={cn('h-full rounded-full', low ? 'bg-destructive' : 'bg-primary')}
                style={{ width: `${fill}%` }}
              />
            </div>
            <p className="mt-2 text-xs text-muted-foreground">
              {TOKEN_BALANCE.ofAllowance(formatTokens(tokenAllowanceFor(tier)))}
            </p>
            {trialOver ? (
              <p className="mt-3 flex gap-2 text-sm text-muted-foreground">
                <CircleSlash aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {TOKEN_BALANCE.trialTokensEnded}
              </p>
            ) : null}
            {reserved > 0 ? (
              <p className="mt-3 flex gap-2 text-sm text-foreground">
                <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                {TOKEN_BALANCE.reservedNote(formattedReserved)}
              </p>
            ) : null}
          </div>
          {low ? (
            <p className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-foreground">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              {LOW_BALANCE_NOTICE}
            </p>
          ) : null}
          {plan.features.buyTokensInDialog || plan.features.upgradeLinkShown ? (
            <div className="grid gap-2 sm:grid-flow-col sm:auto-cols-fr">
              {plan.features.buyTokensInDialog ? (
                <Button onClick={openPurchase}>
                  <Plus aria-hidden="true" />
                  {BUY_MORE_TOKENS_LABEL}
                </Button>
              ) : null}
              {plan.features.upgradeLinkShown ? (
                <Button asChild variant={plan.features.buyTokensInDialog ? 'outline' : 'default'}>
                  <Link to={ROUTE_PATHS.subscription} onClick={() => setOpen(false)}>
                    {TOKEN_BALANCE.upgradePlan}
                  </Link>
                </Button>
              ) : null}
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
      {plan.features.buyTokensInDialog ? (
        <TokenPurchaseDialog open={purchaseOpen} onOpenChange={setPurchaseOpen} />
      ) : null}
    </>
  );
}
