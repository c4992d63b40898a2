import { PUBLIC_HEADER_LINKS, PUBLIC_HEADER_SIGN_IN_LINK, publicHeaderLinkTarget } from '@council/contracts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Logo } from './logo';
import { MobileMenuSheet } from './mobile-menu-sheet';
import { NavLinkList } from './nav-links';

interface PublicLinksProps {
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/**
 * Features, Pricing and Meet the Council with the spec's own paths (/features, /pricing,
 * /meet-the-council), which redirect to the real pages (DECISIONS 1). A link is current when the page
 * it lands on is.
 */
function PublicLinks({ orientation, onNavigate }: PublicLinksProps) {
  return (
    <NavLinkList
      links={PUBLIC_HEADER_LINKS}
      orientation={orientation}
      onNavigate={onNavigate}
      activeTarget={publicHeaderLinkTarget}
      allowWrap
    />
  );
}

function SignInButton({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Button asChild className={className}>
      <Link to={PUBLIC_HEADER_SIGN_IN_LINK.path} onClick={onNavigate}>
        {PUBLIC_HEADER_SIGN_IN_LINK.label}
      </Link>
    </Button>
  );
}

/** Below `md` the public links fold into a sheet (a Radix dialog: focus trap, Esc closes it). */
function PublicMobileMenu() {
  return (
    <MobileMenuSheet>
      {(close) => (
        <>
          <PublicLinks orientation="vertical" onNavigate={close} />
          <div className="mt-4 border-t border-border pt-4">
            <SignInButton className="w-full" onNavigate={close} />
          </div>
        </>
      )}
    </MobileMenuSheet>
  );
}

/** The header of the marketing and legal pages for signed-out visitors (spec §2, "Public header"). */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="page-container flex h-16 items-center justify-between gap-4">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden md:block">
            <PublicLinks orientation="horizontal" />
          </nav>
        </div>
        <div className="flex items-center gap-2">
          <SignInButton className="hidden md:inline-flex" />
          <PublicMobileMenu />
        </div>
      </div>
    </header>
  );
}
