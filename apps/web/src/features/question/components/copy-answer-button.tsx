import { CONVERSATION_TEXTS } from '@council/contracts';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/** How long the button says "Copied" after a copy. */
export const COPIED_FEEDBACK_MS = 2_000;

/**
 * Copies an answer's Markdown, as the model wrote it, to the clipboard, then says "Copied" for a
 * moment. A refused clipboard says so in a toast.
 */
export function CopyAnswerButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast(CONVERSATION_TEXTS.copyFailed);
    }
  };

  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? CONVERSATION_TEXTS.copied : CONVERSATION_TEXTS.copy}</span>
    </Button>
  );
}
