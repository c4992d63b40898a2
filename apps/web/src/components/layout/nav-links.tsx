import { PRIMARY_NAV_LINKS } from '@council/contracts';
import { Link, useLocation } from 'react-router-dom';
import { cn } from '@/lib/utils';
import { isNavLinkActive } from './is-nav-link-active';

interface NavLinksProps {
  signedIn: boolean;
  orientation?: 'horizontal' | 'vertical';
  /** Lets the mobile menu close itself when a link is followed. */
  onNavigate?: () => void;
}

/** The primary links (Ask, History, Features, Pricing, Meet the Council); History only when signed in. */
export function NavLinks({ signedIn, orientation = 'horizontal', onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  const links = PRIMARY_NAV_LINKS.filter((link) => signedIn || !link.signedInOnly);

  return (
    <ul className={cn('flex', orientation === 'horizontal' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {links.map((link) => {
        const active = isNavLinkActive(pathname, link.path);
        return (
          <li key={link.path}>
            <Link
              to={link.path}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                orientation === 'vertical' && 'px-3 py-3 text-base',
                active
                  ? 'bg-secondary text-secondary-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
