import {
  BILLING_PROCESSING_LABEL,
  DEFAULT_PACK_ID,
  TOKEN_PACKS,
  TOKEN_PACKS_SECTION,
  TOKEN_PURCHASE_DIALOG,
  type TokenPackId,
  findPack,
  formatGbp,
} from '@council/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { usePurchaseTokens } from '../hooks/use-purchase-tokens';
import { formatTokenCount } from '../utils/format';
import { purchaseFailedToast } from '../utils/payment-errors';

interface TokenPurchaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs once the checkout redirect has started (spec §4: "a success callback runs"). */
  onSuccess?: () => void;
}

/**
 * The token purchase dialog (spec §4, §5): one pack always selected (tokens_50k first); while the
 * call runs every button is disabled and the submit reads "Processing..."; on success the dialog
 * closes and the browser goes to the checkout; on failure a "Payment failed" toast (§8).
 */
export function TokenPurchaseDialog({ open, onOpenChange, onSuccess }: TokenPurchaseDialogProps) {
  const [packId, setPackId] = useState<TokenPackId>(DEFAULT_PACK_ID);
  const purchase = usePurchaseTokens();
  const pending = purchase.isPending;
  const selected = findPack(packId);

  const changeOpen = (next: boolean) => {
    if (pending) return; // The redirect is on its way: keep the dialog (and its disabled buttons) up.
    if (!next) setPackId(DEFAULT_PACK_ID);
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    purchase.mutate(packId, {
      onSuccess: () => {
        onOpenChange(false);
        onSuccess?.();
      },
      onError: (error) => {
        toast(purchaseFailedToast(error));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TOKEN_PURCHASE_DIALOG.title}</DialogTitle>
          <DialogDescription>{TOKEN_PURCHASE_DIALOG.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" aria-busy={pending}>
          <fieldset disabled={pending} className="min-w-0">
            <legend className="sr-only">{TOKEN_PURCHASE_DIALOG.packsLegend}</legend>
            <div className="grid gap-2">
              {TOKEN_PACKS.map((pack) => {
                const checked = pack.id === packId;
                return (
                  <label
                    key={pack.id}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors hover:bg-muted/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed',
                      checked && 'border-primary bg-secondary hover:bg-secondary',
                    )}
                  >
                    <input
                      type="radio"
                      name="token-pack"
                      value={pack.id}
                      checked={checked}
                      onChange={() => setPackId(pack.id)}
                      className="size-4 shrink-0 accent-primary focus-visible:outline-none"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold text-foreground">{pack.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {TOKEN_PACKS_SECTION.tokens(formatTokenCount(pack.tokens))}
                      </span>
                    </span>
                    <span className="text-sm font-semibold tabular-nums text-foreground">
                      {formatGbp(pack.pricePence)}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <p className="text-xs text-muted-foreground">{TOKEN_PURCHASE_DIALOG.note}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={pending} onClick={() => changeOpen(false)}>
              {TOKEN_PURCHASE_DIALOG.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending
                ? BILLING_PROCESSING_LABEL
                : TOKEN_PURCHASE_DIALOG.submit(formatGbp(selected?.pricePence ?? 0))}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
