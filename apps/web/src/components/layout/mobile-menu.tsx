import { type SessionUser } from '@council/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { MobileUserSection } from '@/features/auth/components/user-menu';
import { AuthLinks } from './auth-links';
import { Logo } from './logo';
import { NavLinks } from './nav-links';

interface MobileMenuProps {
  /** The signed-in user, for the account items (spec §2: the same items as the user menu). */
  user: SessionUser | null;
  /** False while the session loads, so Log in / Sign up do not flash for a signed-in user. */
  showAuthLinks: boolean;
}

/** Below the `md` breakpoint the navigation folds into this sheet (a Radix dialog: focus trap, Esc). */
export function MobileMenu({ user, showAuthLinks }: MobileMenuProps) {
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
            <NavLinks signedIn={user !== null} orientation="vertical" onNavigate={close} />
            {user ? (
              <div className="mt-4 border-t border-border pt-4">
                <MobileUserSection user={user} onNavigate={close} />
              </div>
            ) : null}
            {showAuthLinks ? (
              <AuthLinks stacked onNavigate={close} className="mt-4 border-t border-border pt-4" />
            ) : null}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
