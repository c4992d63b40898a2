import {
  BILLING_PROCESSING_LABEL,
  ROUTE_PATHS,
  TOKEN_PACKS,
  TOKEN_PACKS_SECTION,
  type TokenPackId,
  authPathReturningTo,
  formatGbp,
  formatTokens,
} from '@council/contracts';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { usePurchaseTokens } from '../hooks/use-purchase-tokens';
import { formatTokenCount } from '../utils/format';
import { topUpFailedToast } from '../utils/payment-errors';

/**
 * "Need more tokens?" with the five packs (spec §2, §4): the pack being bought highlights, its button
 * starts the purchase and the browser goes to the checkout; on error the selection resets. Visitors
 * are sent to sign in first, coming back here.
 */
export function TokenPacksCard({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const purchase = usePurchaseTokens();
  const [selected, setSelected] = useState<TokenPackId | null>(null);
  const titleId = 'token-packs-title';

  const add = (packId: TokenPackId) => {
    if (!signedIn) {
      void navigate(authPathReturningTo(ROUTE_PATHS.subscription));
      return;
    }
    setSelected(packId);
    purchase.mutate(packId, {
      onError: (error) => {
        setSelected(null);
        toast(topUpFailedToast(error));
      },
    });
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="p-4 sm:p-6">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
            <Coins aria-hidden="true" className="size-5" />
          </span>
          <CardTitle id={titleId}>{TOKEN_PACKS_SECTION.title}</CardTitle>
        </div>
        <CardDescription>{TOKEN_PACKS_SECTION.description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">
        <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
          {TOKEN_PACKS.map((pack) => {
            const isSelected = selected === pack.id;
            const label =
              isSelected && purchase.isPending ? BILLING_PROCESSING_LABEL : TOKEN_PACKS_SECTION.addToAccount;
            return (
              <li
                key={pack.id}
                data-selected={isSelected || undefined}
                className={cn(
                  // Phones: one compact row per pack; from sm up: a small card per pack.
                  'flex items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors sm:flex-col sm:items-stretch sm:gap-0 sm:p-4',
                  isSelected && 'border-primary bg-secondary/60 ring-2 ring-primary',
                )}
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold text-foreground">{pack.name}</p>
                  <p className="mt-2 hidden text-2xl font-bold tabular-nums tracking-tight text-foreground sm:block">
                    {formatTokens(pack.tokens)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {TOKEN_PACKS_SECTION.tokens(formatTokenCount(pack.tokens))}
                  </p>
                  <p className="mt-1 text-sm font-semibold tabular-nums text-foreground sm:mt-3 sm:text-lg">
                    {formatGbp(pack.pricePence)}
                  </p>
                </div>
                <Button
                  variant={isSelected ? 'default' : 'outline'}
                  className="h-9 shrink-0 px-3 sm:mt-4 sm:h-10 sm:w-full sm:px-4"
                  disabled={purchase.isPending}
                  aria-busy={isSelected && purchase.isPending}
                  // The visible label first (WCAG 2.5.3), then which pack: five buttons, five names.
                  aria-label={`${label}: ${pack.name}`}
                  onClick={() => add(pack.id)}
                >
                  {label}
                </Button>
              </li>
            );
          })}
        </ul>
        {signedIn ? null : (
          <p className="mt-4 text-sm text-muted-foreground">{TOKEN_PACKS_SECTION.signInHint}</p>
        )}
      </CardContent>
    </Card>
  );
}
