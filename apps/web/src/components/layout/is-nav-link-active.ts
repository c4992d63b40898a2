/**
 * Spec §2: a link is active when the current path starts with the link's path; `/` only on exactly `/`
 * (otherwise Ask would light up on every screen).
 */
export function isNavLinkActive(pathname: string, linkPath: string): boolean {
  return linkPath === '/' ? pathname === '/' : pathname.startsWith(linkPath);
}
