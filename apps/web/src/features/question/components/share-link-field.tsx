import { SHARE_DIALOG, SHARE_TOASTS } from '@council/contracts';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

/** Copies to the clipboard with the spec §8 toasts ("Link copied", else "Failed to copy"). */
export async function copyLink(url: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(url);
    toast(SHARE_TOASTS.linkCopied);
    return true;
  } catch {
    toast(SHARE_TOASTS.copyFailed);
    return false;
  }
}

/** The read-only share link with its Copy button (spec §2, Share dialog). */
export function ShareLinkField({ url }: { url: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{SHARE_DIALOG.linkLabel}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 font-mono text-xs sm:text-xs"
        />
        <Button
          variant="outline"
          onClick={() => {
            void copyLink(url).then(setCopied);
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {SHARE_DIALOG.copy}
        </Button>
      </div>
    </div>
  );
}
