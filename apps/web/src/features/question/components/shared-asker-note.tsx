import { SHARED_PAGE } from '@council/contracts';
import { useId } from 'react';

/**
 * The asker's note between two rounds of a shared debate, as they wrote it. Its reader is not the
 * asker, so it is "the asker's", never "your", note.
 */
export function SharedAskerNote({ note }: { note: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-1 rounded-lg border-l-4 border-primary bg-primary/5 px-3 py-2"
    >
      <h3 id={headingId} className="text-sm font-semibold text-primary">
        {SHARED_PAGE.askerNote}
      </h3>
      <p className="whitespace-pre-wrap break-words text-sm text-foreground">{note}</p>
    </section>
  );
}
