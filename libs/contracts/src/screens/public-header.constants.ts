// The public header of the public pages (spec §2). Its three page links use the spec's own paths,
// which are not routes: they redirect to /product, /subscription and /company (DECISIONS 1).

import { type NavLinkItem } from './navigation.constants';
import { REDIRECT_PATHS, ROUTE_PATHS } from './routes.constants';

export const PUBLIC_HEADER_LINKS: readonly NavLinkItem[] = [
  { label: 'Features', path: '/features' },
  { label: 'Pricing', path: '/pricing' },
  { label: 'Meet the Council', path: '/meet-the-council' },
];

export const PUBLIC_HEADER_SIGN_IN_LINK: NavLinkItem = { label: 'Sign in', path: ROUTE_PATHS.auth };

/** Where a public header link really lands, for the active-link rule. */
export function publicHeaderLinkTarget(path: string): string {
  return REDIRECT_PATHS[path] ?? path;
}

/**
 * Every public route of spec §2 ("Route access"): a signed-out visitor sees the public header on
 * all of them, so the site has one header for visitors. Signed-in users keep the app's navigation
 * (their balance and menu) everywhere.
 */
export const PUBLIC_HEADER_PATHS: readonly string[] = [
  ROUTE_PATHS.auth,
  ROUTE_PATHS.resetPassword,
  ROUTE_PATHS.terms,
  ROUTE_PATHS.privacy,
  ROUTE_PATHS.cookies,
  ROUTE_PATHS.product,
  ROUTE_PATHS.support,
  ROUTE_PATHS.company,
  ROUTE_PATHS.subscription,
  '/shared',
];
