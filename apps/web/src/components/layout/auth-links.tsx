import { LOG_IN_LINK, SIGN_UP_LINK } from '@council/contracts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface AuthLinksProps {
  className?: string;
  /** Full-width, stacked buttons for the mobile menu. */
  stacked?: boolean;
  onNavigate?: () => void;
}

/** Log in and Sign up, shown to signed-out visitors. */
export function AuthLinks({ className, stacked = false, onNavigate }: AuthLinksProps) {
  return (
    <div className={cn('flex gap-2', stacked ? 'flex-col' : 'items-center', className)}>
      <Button asChild variant="ghost" className={cn(stacked && 'w-full')}>
        <Link to={LOG_IN_LINK.path} onClick={onNavigate}>
          {LOG_IN_LINK.label}
        </Link>
      </Button>
      <Button asChild className={cn(stacked && 'w-full')}>
        <Link to={SIGN_UP_LINK.path} onClick={onNavigate}>
          {SIGN_UP_LINK.label}
        </Link>
      </Button>
    </div>
  );
}
