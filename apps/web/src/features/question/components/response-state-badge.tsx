import { RESPONSE_STATE_LABELS, type ResponseState } from '@council/contracts';
import { AlertCircle, CheckCircle2, Clock, Loader2, Octagon, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STATE_STYLES: Readonly<Record<ResponseState, string>> = {
  queued: 'border-transparent bg-muted text-muted-foreground',
  thinking: 'border-transparent bg-secondary text-secondary-foreground',
  streaming: 'border-transparent bg-primary text-primary-foreground',
  done: 'border-transparent bg-emerald-100 text-emerald-800',
  failed: 'border-transparent bg-red-100 text-red-800',
  stopped: 'border-border bg-card text-muted-foreground',
};

const STATE_ICONS = {
  queued: Clock,
  thinking: Sparkles,
  streaming: Loader2,
  done: CheckCircle2,
  failed: AlertCircle,
  stopped: Octagon,
} as const;

export function ResponseStateBadge({ state }: { state: ResponseState }) {
  const Icon = STATE_ICONS[state];
  return (
    <Badge className={STATE_STYLES[state]} data-state={state}>
      <Icon
        aria-hidden="true"
        className={cn(state === 'streaming' && 'animate-spin', state === 'thinking' && 'animate-pulse')}
      />
      {RESPONSE_STATE_LABELS[state]}
    </Badge>
  );
}
