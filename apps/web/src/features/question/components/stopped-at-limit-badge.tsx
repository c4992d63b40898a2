import { TOKEN_CAP_TEXTS } from '@council/contracts';
import { Gauge } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/**
 * "Stopped at your limit": the question's token cap cut this answer off, and what it wrote is kept.
 * Neutral like Kept: the asker chose the limit, so it is not a warning.
 */
export function StoppedAtLimitBadge({ stopped }: { stopped: boolean }) {
  if (!stopped) return null;
  return (
    <Badge variant="muted">
      <Gauge aria-hidden="true" />
      {TOKEN_CAP_TEXTS.stoppedAtLimit}
    </Badge>
  );
}
