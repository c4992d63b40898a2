import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

interface SpinnerProps {
  className?: string;
  /** Read out by screen readers. */
  label?: string;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center text-muted-foreground', className)}>
      <Loader2 aria-hidden="true" className="size-6 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
