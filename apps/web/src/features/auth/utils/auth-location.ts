// Which auth-screen mode a location selects (spec §2, §4) and where to go after signing in.
import {
  AUTH_FORM_VALUES,
  AUTH_QUERY_PARAMS,
  type AuthMode,
  ROUTE_PATHS,
  sitePath,
} from '@council/contracts';

/**
 * A token query parameter, or a path starting with /reset-password, selects reset mode; otherwise
 * form=register or form=forgotPassword; otherwise login.
 */
export function authModeFromLocation(pathname: string, searchParams: URLSearchParams): AuthMode {
  if (pathname.startsWith(ROUTE_PATHS.resetPassword) || searchParams.has(AUTH_QUERY_PARAMS.token)) {
    return 'resetPassword';
  }
  const form = searchParams.get(AUTH_QUERY_PARAMS.form);
  if (form === AUTH_FORM_VALUES.register) return 'register';
  if (form === AUTH_FORM_VALUES.forgotPassword) return 'forgotPassword';
  return 'login';
}

/**
 * The `return` parameter, when it is a path on this site (sitePath); anything else gives /. Keeps
 * the pricing screen's round trip safe from being turned into an open redirect.
 */
export function safeReturnPath(value: string | null): string {
  return sitePath(value) ?? ROUTE_PATHS.ask;
}

/** The /auth address of a mode, keeping a non-default return path across mode switches. */
export function authModePath(
  mode: Exclude<AuthMode, 'resetPassword'>,
  returnTo: string = ROUTE_PATHS.ask,
): string {
  const params = new URLSearchParams();
  if (mode !== 'login') params.set(AUTH_QUERY_PARAMS.form, AUTH_FORM_VALUES[mode]);
  if (returnTo !== ROUTE_PATHS.ask) params.set(AUTH_QUERY_PARAMS.returnTo, returnTo);
  const query = params.toString();
  return query ? `${ROUTE_PATHS.auth}?${query}` : ROUTE_PATHS.auth;
}
