import { AuthLinks } from '@/components/layout/auth-links';
import { Logo } from '@/components/layout/logo';
import { NavLinks } from '@/components/layout/nav-links';
import { UserMenu } from '@/features/auth/components/user-menu';
import { TokenBalanceButton } from '@/features/billing/components/token-balance-button';
import { useUser } from '@/lib/auth';
import { MobileMenu } from './mobile-menu';

export function TopNav() {
  const { data: user, isPending } = useUser();
  const signedIn = Boolean(user);
  const showAuthLinks = !isPending && !signedIn;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="page-container flex h-16 items-center justify-between gap-4">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden md:block">
            <NavLinks signedIn={signedIn} />
          </nav>
        </div>
        <div className="flex items-center gap-2">
          {user ? (
            <>
              <TokenBalanceButton user={user} />
              <UserMenu user={user} className="hidden md:inline-flex" />
            </>
          ) : null}
          {showAuthLinks ? <AuthLinks className="hidden md:flex" /> : null}
          <MobileMenu user={user ?? null} showAuthLinks={showAuthLinks} />
        </div>
      </div>
    </header>
  );
}
