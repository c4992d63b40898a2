import { AGREEMENT_MAP, type AgreementSummary } from '@council/contracts';
import { Info } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/** The overall agreement figure, how it is made (on a tap), and how many claims every member supports. */
export function AgreementMapFigure({ summary }: { summary: AgreementSummary }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <p className="text-2xl font-bold tabular-nums text-foreground">
        {AGREEMENT_MAP.figure(summary.percent)}
        {summary.percent === null ? null : (
          <Popover>
            <PopoverTrigger
              type="button"
              aria-label={AGREEMENT_MAP.figureHowButton}
              className="ml-1 inline-flex size-6 items-center justify-center rounded-full align-middle text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Info aria-hidden="true" className="size-4" />
            </PopoverTrigger>
            <PopoverContent
              side="bottom"
              align="start"
              collisionPadding={8}
              className="max-w-[min(24rem,calc(100vw-1rem))] p-3 text-sm font-normal"
            >
              {AGREEMENT_MAP.figureHow}
            </PopoverContent>
          </Popover>
        )}
      </p>
      <p className="text-sm text-muted-foreground">
        {AGREEMENT_MAP.unanimous(summary.unanimous, summary.claims)}
      </p>
    </div>
  );
}
