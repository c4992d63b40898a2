import { AGREEMENT_MAP, type ClaimStance } from '@council/contracts';
import { Check, Minus, X } from 'lucide-react';
import { cn } from '@/lib/utils';

// Icon and word together: the colour is never the only signal. Each pair is at least 4.5:1.
const STANCE_LOOK = {
  supports: { Icon: Check, className: 'bg-emerald-50 text-emerald-800' },
  opposes: { Icon: X, className: 'bg-red-50 text-red-800' },
  silent: { Icon: Minus, className: 'bg-muted text-muted-foreground' },
} as const satisfies Record<ClaimStance, unknown>;

/** A member's stance on a claim: icon and label (Supports, Opposes, Silent). */
export function AgreementStanceLabel({ stance }: { stance: ClaimStance }) {
  const { Icon, className } = STANCE_LOOK[stance];
  return (
    <span
      data-stance={stance}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {AGREEMENT_MAP.stances[stance]}
    </span>
  );
}
