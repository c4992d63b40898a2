// Labels and targets of the top navigation and the footer (spec §2, "Navigation and layout").
import { ROUTE_PATHS } from './routes.constants';

export const BRAND_NAME = 'Council';

export interface NavLinkItem {
  readonly label: string;
  readonly path: string;
}

export interface PrimaryNavLinkItem extends NavLinkItem {
  /** Shown only to signed-in users (History). */
  readonly signedInOnly: boolean;
}

export const PRIMARY_NAV_LINKS: readonly PrimaryNavLinkItem[] = [
  { label: 'Ask', path: ROUTE_PATHS.ask, signedInOnly: false },
  { label: 'History', path: ROUTE_PATHS.history, signedInOnly: true },
  { label: 'Features', path: ROUTE_PATHS.product, signedInOnly: false },
  { label: 'Pricing', path: ROUTE_PATHS.subscription, signedInOnly: false },
  { label: 'Meet the Council', path: ROUTE_PATHS.company, signedInOnly: false },
];

export const LOG_IN_LINK: NavLinkItem = { label: 'Log in', path: ROUTE_PATHS.auth };
export const SIGN_UP_LINK: NavLinkItem = { label: 'Sign up', path: ROUTE_PATHS.register };

export const FOOTER_TAGLINE =
  'The collective wisdom of multiple AI assistants, side by side: one question, several perspectives, one clearer answer.';

export interface FooterLinkGroup {
  readonly title: string;
  readonly links: readonly NavLinkItem[];
}

/** The nine footer links of spec §2, grouped for display. */
export const FOOTER_LINK_GROUPS: readonly FooterLinkGroup[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', path: `${ROUTE_PATHS.product}#features` },
      { label: 'Pricing', path: ROUTE_PATHS.subscription },
      { label: 'Meet the Council', path: ROUTE_PATHS.company },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Documentation', path: `${ROUTE_PATHS.support}#documentation` },
      { label: 'Help Center', path: `${ROUTE_PATHS.support}#help-center` },
      { label: 'Contact Us', path: `${ROUTE_PATHS.support}#contact` },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', path: ROUTE_PATHS.privacy },
      { label: 'Terms of Service', path: ROUTE_PATHS.terms },
      { label: 'Cookie Policy', path: ROUTE_PATHS.cookies },
    ],
  },
];

export const copyrightLine = (year: number): string => `© ${year} ${BRAND_NAME}`;
