import { ASK_SCREEN } from '@council/contracts';
import { Sparkles } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';

/** The main question screen (spec §2, "Ask screen"). The form and results arrive with the Ask issue. */
export function AskRoute() {
  return (
    <div className="page-container py-12 sm:py-16">
      <PageHeader title={ASK_SCREEN.heading} description={ASK_SCREEN.text} />
      <div className="mt-10 flex items-start gap-3 rounded-xl border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p>Asking the council arrives soon: the question form and live answers are being built.</p>
      </div>
    </div>
  );
}
