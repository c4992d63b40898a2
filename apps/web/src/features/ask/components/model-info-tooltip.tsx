import {
  ASK_RESULTS,
  DEMO_PROVIDER_LABEL,
  DEMO_PROVIDER_NOTE,
  MODEL_INFO,
  MODEL_INFO_LABELS,
  type ModelInfo,
  type ResponseProvider,
} from '@council/contracts';
import { Info } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

const INFO_KEYS = Object.keys(MODEL_INFO_LABELS) as (keyof ModelInfo)[];

/** The info tooltip of a response card (spec §2): fixed model information, opening after 300 ms. */
export function ModelInfoTooltip({
  provider,
  name,
  demo = false,
}: {
  provider: ResponseProvider;
  name: string;
  /** Served by the offline demo adapter (DECISIONS 15): the tooltip says so. */
  demo?: boolean;
}) {
  const info = MODEL_INFO[provider];
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={ASK_RESULTS.modelInfoLabel(name)}
          className="inline-flex size-7 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Info aria-hidden="true" className="size-4" />
        </button>
      </TooltipTrigger>
      <TooltipContent side="bottom" align="end" className="max-w-sm p-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {INFO_KEYS.map((key) => (
            <div key={key} className="contents">
              <dt className="font-semibold">{MODEL_INFO_LABELS[key]}</dt>
              <dd>{info[key]}</dd>
            </div>
          ))}
        </dl>
        {demo ? (
          <p className="mt-2 border-t border-background/20 pt-2">
            <span className="font-semibold">{DEMO_PROVIDER_LABEL}:</span> {DEMO_PROVIDER_NOTE}
          </p>
        ) : null}
      </TooltipContent>
    </Tooltip>
  );
}
