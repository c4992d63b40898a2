import { DEBATE_REPLAY } from '@council/contracts';
import { ArrowLeftRight, Equal } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Whether a debate revision changed the member's position; nothing for an answer that is not one. */
export function PositionBadge({ changed }: { changed: boolean | null }) {
  if (changed === null) return null;
  return changed ? (
    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
      <ArrowLeftRight aria-hidden="true" />
      {DEBATE_REPLAY.changed}
    </Badge>
  ) : (
    <Badge variant="muted">
      <Equal aria-hidden="true" />
      {DEBATE_REPLAY.kept}
    </Badge>
  );
}
