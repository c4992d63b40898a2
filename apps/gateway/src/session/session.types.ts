// What we keep in a session besides express-session's cookie (module augmentation).

import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Passport's login: the user id (see auth.passport.ts). */
    passport?: { user?: number };
    /** Chosen at sign-in; selects SESSION_LIFETIMES.rememberMe. */
    rememberMe?: boolean;
    /** Epoch ms: the absolute end of the session, fixed at sign-in. */
    absoluteExpiresAt?: number;
  }
}
