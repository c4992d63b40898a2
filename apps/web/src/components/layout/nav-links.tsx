import { type NavLinkItem, PRIMARY_NAV_LINKS } from '@council/contracts';
import { Link, useLocation } from 'react-router-dom';
import { cn } from '@/lib/utils';
import { isNavLinkActive } from './is-nav-link-active';

interface NavLinkListProps {
  links: readonly NavLinkItem[];
  orientation?: 'horizontal' | 'vertical';
  /** Lets the mobile menu close itself when a link is followed. */
  onNavigate?: () => void;
  /** Where a link really lands, for the active-link rule (a redirecting path); the link's own path by default. */
  activeTarget?: (path: string) => string;
  /** Lets long labels wrap; by default they stay on one line. */
  allowWrap?: boolean;
}

/** A list of navigation links; a link is current when the page it lands on is. */
export function NavLinkList({
  links,
  orientation = 'horizontal',
  onNavigate,
  activeTarget = (path) => path,
  allowWrap = false,
}: NavLinkListProps) {
  const { pathname } = useLocation();

  return (
    <ul className={cn('flex', orientation === 'horizontal' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {links.map((link) => {
        const active = isNavLinkActive(pathname, activeTarget(link.path));
        return (
          <li key={link.path}>
            <Link
              to={link.path}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                !allowWrap && 'whitespace-nowrap',
                orientation === 'vertical' && 'py-3 text-base',
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

interface NavLinksProps {
  signedIn: boolean;
  orientation?: 'horizontal' | 'vertical';
  /** Lets the mobile menu close itself when a link is followed. */
  onNavigate?: () => void;
}

/** The primary links (Ask, History, Features, Pricing, Meet the Council); History only when signed in. */
export function NavLinks({ signedIn, orientation, onNavigate }: NavLinksProps) {
  const links = PRIMARY_NAV_LINKS.filter((link) => signedIn || !link.signedInOnly);
  return <NavLinkList links={links} orientation={orientation} onNavigate={onNavigate} />;
}
