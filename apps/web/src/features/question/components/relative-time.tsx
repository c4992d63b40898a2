import { formatDistanceToNow } from 'date-fns';

/** "3 minutes ago", with the exact moment in the tooltip and the machine-readable attribute. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={iso} title={date.toLocaleString('en-GB')} className={className}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
