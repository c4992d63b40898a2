import { type SessionUser } from '@council/contracts';
import { AuthLinks } from '@/components/layout/auth-links';
import { MobileMenuSheet } from '@/components/layout/mobile-menu-sheet';
import { NavLinks } from '@/components/layout/nav-links';
import { MobileUserSection } from '@/features/auth/components/user-menu';

interface MobileMenuProps {
  /** The signed-in user, for the account items (spec §2: the same items as the user menu). */
  user: SessionUser | null;
  /** False while the session loads, so Log in / Sign up do not flash for a signed-in user. */
  showAuthLinks: boolean;
}

/** The app's mobile menu: the primary links, then the account items or Log in / Sign up. */
export function MobileMenu({ user, showAuthLinks }: MobileMenuProps) {
  return (
    <MobileMenuSheet>
      {(close) => (
        <>
          <NavLinks signedIn={user !== null} orientation="vertical" onNavigate={close} />
          {user ? (
            <div className="mt-4 border-t border-border pt-4">
              <MobileUserSection user={user} onNavigate={close} />
            </div>
          ) : null}
          {showAuthLinks ? (
            <AuthLinks stacked onNavigate={close} className="mt-4 border-t border-border pt-4" />
          ) : null}
        </>
      )}
    </MobileMenuSheet>
  );
}
