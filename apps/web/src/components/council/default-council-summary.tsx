import { DEFAULT_COUNCIL_TEXTS } from '@council/contracts';
import { Badge } from '@/components/ui/badge';
import { useCatalogue } from '@/lib/catalogue';
import { describeDefaultCouncil } from '@/lib/default-council';

/**
 * Who answers on this deployment today: the default council every plan starts from, with each
 * seat's model and whether it answers with it or from the demo script (docs/decisions.md, "23. The
 * default council is made of live members"). Nothing while the catalogue loads.
 */
export function DefaultCouncilSummary({ headingId }: { headingId: string }) {
  const { catalogue } = useCatalogue();
  if (!catalogue) return null;
  const seats = describeDefaultCouncil(catalogue);
  if (seats.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-card p-6 shadow-xs">
      <h3 id={headingId} className="text-lg font-semibold text-foreground">
        {DEFAULT_COUNCIL_TEXTS.heading}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{DEFAULT_COUNCIL_TEXTS.intro}</p>
      <ol className="mt-4 space-y-2">
        {seats.map((seat) => (
          <li key={seat.order} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="font-medium text-foreground">
              {DEFAULT_COUNCIL_TEXTS.seat(seat.agent, seat.model, seat.role)}
            </span>
            <Badge variant={seat.demo ? 'outline' : 'secondary'}>
              {seat.demo ? DEFAULT_COUNCIL_TEXTS.demo : DEFAULT_COUNCIL_TEXTS.live}
            </Badge>
          </li>
        ))}
      </ol>
    </section>
  );
}
