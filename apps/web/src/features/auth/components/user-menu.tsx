import { ROUTE_PATHS, type SessionUser, USER_MENU } from '@council/contracts';
import { ChevronDown, CreditCard, LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useLogout } from '../hooks/use-logout';
import { displayName, initialOf } from '../utils/display-name';

type MenuUser = Pick<SessionUser, 'name' | 'username' | 'email'>;

export function UserAvatar({ user, className }: { user: MenuUser; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {initialOf(user)}
    </span>
  );
}

/** Name (or username) and e-mail, as the menu and the mobile sheet show them. */
export function UserIdentity({ user }: { user: MenuUser }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar user={user} className="size-9" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-foreground">{displayName(user)}</p>
        {user.email ? <p className="truncate text-xs text-muted-foreground">{user.email}</p> : null}
      </div>
    </div>
  );
}

/** The signed-in header's user menu (spec §2): identity, Subscription, Sign out. */
export function UserMenu({ user, className }: { user: MenuUser; className?: string }) {
  const logout = useLogout();
  const name = displayName(user);

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className={cn('gap-2 px-1.5 lg:px-2', className)}
          aria-label={`${USER_MENU.triggerLabel}: ${name}`}
        >
          <UserAvatar user={user} />
          <span className="hidden max-w-40 truncate lg:inline">{name}</span>
          <ChevronDown aria-hidden="true" className="hidden text-muted-foreground lg:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <UserIdentity user={user} />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={ROUTE_PATHS.subscription}>
            <CreditCard aria-hidden="true" />
            {USER_MENU.subscription}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {USER_MENU.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The same items for the mobile menu sheet. */
export function MobileUserSection({ user, onNavigate }: { user: MenuUser; onNavigate: () => void }) {
  const logout = useLogout();
  return (
    <div className="grid gap-1">
      <div className="px-3 py-2">
        <UserIdentity user={user} />
      </div>
      <Link
        to={ROUTE_PATHS.subscription}
        onClick={onNavigate}
        className="flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CreditCard aria-hidden="true" className="size-4" />
        {USER_MENU.subscription}
      </Link>
      <button
        type="button"
        disabled={logout.isPending}
        onClick={() => {
          onNavigate();
          logout.mutate();
        }}
        className="flex items-center gap-3 rounded-md px-3 py-3 text-left text-base font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
      >
        <LogOut aria-hidden="true" className="size-4" />
        {USER_MENU.signOut}
      </button>
    </div>
  );
}
