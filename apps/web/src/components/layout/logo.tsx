import { BRAND_NAME, ROUTE_PATHS } from '@council/contracts';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/utils';

/** The three-seat mark, also used as the favicon (public/favicon.svg). */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <circle cx="10" cy="13" r="3.2" fill="#fff" />
      <circle cx="22" cy="13" r="3.2" fill="#fff" />
      <circle cx="16" cy="9" r="3.2" fill="#c7d2fe" />
      <path
        d="M6 24c0-3.3 2.7-6 6-6h8c3.3 0 6 2.7 6 6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link
      to={ROUTE_PATHS.ask}
      onClick={onNavigate}
      aria-label={`${BRAND_NAME} home`}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <LogoMark className="size-8" />
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
