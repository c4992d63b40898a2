import {
  ASK_RESULTS,
  DEMO_PROVIDER_LABEL,
  DEMO_PROVIDER_NOTE,
  MODEL_FACT_UNKNOWN,
  MODEL_INFO_LABELS,
  type ModelInfo,
  TOOLTIP_DELAY_MS,
} from '@council/contracts';
import { Info } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

const INFO_KEYS = Object.keys(MODEL_INFO_LABELS) as (keyof ModelInfo)[];

const isMouse = (event: PointerEvent) => event.pointerType === 'mouse';

/**
 * The information button of a response card (spec §2, DECISIONS 19): the card's own model facts.
 * A tap, a click, Enter or Space opens it (a phone has no hover); a mouse resting on it opens it
 * after TOOLTIP_DELAY_MS too, and leaving closes what hovering opened. Escape closes it.
 */
export function ModelInfoTooltip({
  info,
  name,
  demo = false,
}: {
  info: ModelInfo;
  name: string;
  /** Served by the offline demo adapter (DECISIONS 15): the information says so. */
  demo?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const hoverOpen = (event: PointerEvent) => {
    if (!isMouse(event) || open) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      openedByHover.current = true;
      setOpen(true);
    }, TOOLTIP_DELAY_MS);
  };
  const hoverClose = (event: PointerEvent) => {
    if (!isMouse(event)) return;
    window.clearTimeout(timer.current);
    if (openedByHover.current) setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        window.clearTimeout(timer.current);
        openedByHover.current = false;
        setOpen(next);
      }}
    >
      <PopoverTrigger
        aria-label={ASK_RESULTS.modelInfoLabel(name)}
        onPointerEnter={hoverOpen}
        onPointerLeave={hoverClose}
        className="inline-flex size-7 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Info aria-hidden="true" className="size-4" />
      </PopoverTrigger>
      <PopoverContent
        side="bottom"
        align="end"
        collisionPadding={8}
        className="max-w-sm p-3"
        aria-label={ASK_RESULTS.modelInfoLabel(name)}
        onPointerLeave={hoverClose}
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {INFO_KEYS.filter((key) => info[key] !== MODEL_FACT_UNKNOWN).map((key) => (
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
      </PopoverContent>
    </Popover>
  );
}
