import { WEIGH_IN_TEXTS } from '@council/contracts';
import { useId } from 'react';

interface AskerNoteProps {
  afterRound: number;
  note: string;
  /** h3 where rounds are headings (the shared replay); a plain label in the compact debate log. */
  headingAs?: 'h3' | 'p';
}

/** The asker's note between two rounds ("Your note after round 1"), as they wrote it. */
export function AskerNote({ afterRound, note, headingAs: Heading = 'p' }: AskerNoteProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-1 rounded-lg border-l-4 border-primary bg-primary/5 px-3 py-2"
    >
      <Heading id={headingId} className="text-xs font-semibold uppercase tracking-wide text-primary">
        {WEIGH_IN_TEXTS.noteHeading(afterRound)}
      </Heading>
      <p className="whitespace-pre-wrap break-words text-sm text-foreground">{note}</p>
    </section>
  );
}
