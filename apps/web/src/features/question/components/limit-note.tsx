import { Gauge } from 'lucide-react';

/**
 * A calm note about the question's token cap on an answer card: the answer it left no room to start,
 * or a consensus written from what there was. Not the amber Service Issue look: nothing went wrong.
 */
export function LimitNote({ text }: { text: string }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
    >
      <Gauge aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
