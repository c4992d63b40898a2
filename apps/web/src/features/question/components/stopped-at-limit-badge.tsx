import { BALANCE_STOP_TEXTS, TOKEN_CAP_TEXTS } from '@council/contracts';
import { Gauge } from 'lucide-react';
import { createContext, useContext } from 'react';
import { Badge } from '@/components/ui/badge';

/**
 * Whether the question shown had the asker's cap. A capped question holds its cap in full, so its
 * answers stop only at the limit; an uncapped one's stop when the balance ran out (DECISIONS 26).
 * Outside a provider the limit's words stay.
 */
export const QuestionCappedContext = createContext(true);

/**
 * "Stopped at your limit", or "Stopped: your balance ran out": the answer was cut off there and
 * what it wrote is kept. Neutral like Kept: it is not a fault. `text` replaces those words where
 * the reader is not the asker (the shared page).
 */
export function StoppedAtLimitBadge({ stopped, text }: { stopped: boolean; text?: string }) {
  const capped = useContext(QuestionCappedContext);
  if (!stopped) return null;
  return (
    <Badge variant="muted">
      <Gauge aria-hidden="true" />
      {text ?? (capped ? TOKEN_CAP_TEXTS.stoppedAtLimit : BALANCE_STOP_TEXTS.stopped)}
    </Badge>
  );
}
