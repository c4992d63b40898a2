import { PUBLIC_HEADER_LINKS, PUBLIC_HEADER_SIGN_IN_LINK, publicHeaderLinkTarget } from '@council/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { isNavLinkActive } from './is-nav-link-active';
import { Logo } from './logo';

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
  const { pathname } = useLocation();
  return (
    <ul className={cn('flex', orientation === 'horizontal' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {PUBLIC_HEADER_LINKS.map((link) => {
        const active = isNavLinkActive(pathname, publicHeaderLinkTarget(link.path));
        return (
          <li key={link.path}>
            <Link
              to={link.path}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
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
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5!" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground/30 backdrop-blur-sm animate-fade-in md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto border-b border-border bg-background shadow-xl animate-slide-down md:hidden"
        >
          <div className="page-container flex h-16 items-center justify-between">
            <Logo onNavigate={close} />
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" className="size-5!" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <nav aria-label="Main" className="page-container pb-6">
            <PublicLinks orientation="vertical" onNavigate={close} />
            <div className="mt-4 border-t border-border pt-4">
              <SignInButton className="w-full" onNavigate={close} />
            </div>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
