import { cn } from '@/lib/utils';

interface ProgressProps {
  /** 0..1 */
  value: number;
  label: string;
  className?: string;
  indicatorClassName?: string;
}

/** A plain progress bar with the ARIA progressbar role. */
export function Progress({ value, label, className, indicatorClassName }: ProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full bg-primary transition-[width]', indicatorClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
