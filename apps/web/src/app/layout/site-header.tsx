import { PUBLIC_HEADER_PATHS } from '@council/contracts';
import { useLocation } from 'react-router-dom';
import { PublicHeader } from '@/components/layout/public-header';
import { useUser } from '@/lib/auth';
import { TopNav } from './top-nav';

/** Whether `pathname` is one of the marketing or legal pages (or below one). */
export function isPublicHeaderPath(pathname: string): boolean {
  return PUBLIC_HEADER_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * Signed-out visitors on the marketing and legal pages see the public header (spec §2); everyone
 * else, and every other screen, gets the app's top navigation. While the session loads the public
 * header stays, since most visitors of those pages are signed out.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { data: user } = useUser();
  return isPublicHeaderPath(pathname) && !user ? <PublicHeader /> : <TopNav />;
}
