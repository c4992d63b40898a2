import { AGREEMENT_MAP, type AgreementSummary } from '@council/contracts';

/** The overall agreement figure and how many claims every member supports. */
export function AgreementMapFigure({ summary }: { summary: AgreementSummary }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <p className="text-2xl font-bold tabular-nums text-foreground">
        {AGREEMENT_MAP.figure(summary.percent)}
      </p>
      <p className="text-sm text-muted-foreground">
        {AGREEMENT_MAP.unanimous(summary.unanimous, summary.claims)}
      </p>
    </div>
  );
}
