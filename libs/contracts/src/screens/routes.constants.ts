// Client routes (spec §2). The servers use them too, e.g. to build a share link, so they live here.

export const ROUTE_PATHS = {
  ask: '/',
  history: '/history',
  question: '/questions/:id',
  auth: '/auth',
  register: '/auth?form=register',
  /** Reset mode of the auth screen; any path starting with it selects that mode (spec §2). */
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  product: '/product',
  support: '/support',
  company: '/company',
  subscription: '/subscription',
  shared: '/shared/:shareId',
} as const;

export const questionPath = (id: number | string): string => `/questions/${encodeURIComponent(String(id))}`;
export const sharedPath = (shareId: string): string => `/shared/${encodeURIComponent(shareId)}`;

/**
 * Paths the spec links to that are not routes of their own (DECISIONS 1 and 2): the public header's
 * /features, /pricing and /meet-the-council, and the trial banner's /subscribe.
 */
export const REDIRECT_PATHS: Readonly<Record<string, string>> = {
  '/features': ROUTE_PATHS.product,
  '/pricing': ROUTE_PATHS.subscription,
  '/meet-the-council': ROUTE_PATHS.company,
  '/subscribe': ROUTE_PATHS.subscription,
};
