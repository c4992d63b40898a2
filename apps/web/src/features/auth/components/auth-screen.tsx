import { AUTH_QUERY_PARAMS, AUTH_SCREEN, REDIRECT_AFTER_LOGIN_MS, ROUTE_PATHS } from '@council/contracts';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';
import { useOAuthErrorToast } from '../hooks/use-oauth-error-toast';
import { authModeFromLocation, safeReturnPath } from '../utils/auth-location';
import { AuthSidePanel } from './auth-side-panel';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordPanel } from './reset-password-panel';

/**
 * /auth and /reset-password (spec §2 "Auth screen", §4): the mode comes from the address, a visitor
 * who is already signed in goes to /, and after login or signup the user goes to / (or the `return`
 * path) after REDIRECT_AFTER_LOGIN_MS.
 */
export function AuthScreen() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { data: user, isPending } = useUser();
  // Set just before a login or signup request: the user that request stores must not trigger the
  // "already signed in" redirect, but the delayed one below.
  const [signingIn, setSigningIn] = useState(false);
  useOAuthErrorToast();

  const mode = authModeFromLocation(pathname, searchParams);
  const returnTo = safeReturnPath(searchParams.get(AUTH_QUERY_PARAMS.returnTo));

  useEffect(() => {
    if (!signingIn || !user) return;
    const timer = setTimeout(() => navigate(returnTo, { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [signingIn, user, returnTo, navigate]);

  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading your session" />
      </div>
    );
  }
  if (user && !signingIn) return <Navigate to={ROUTE_PATHS.ask} replace />;

  return (
    <div className="page-container py-8 sm:py-14">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-2xl border border-border bg-card shadow-sm lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)]">
        <section className="p-6 sm:p-10">
          <div className="mx-auto w-full max-w-md">
            {user ? (
              <div
                role="status"
                className="flex min-h-80 flex-col items-center justify-center gap-4 text-center text-sm text-muted-foreground"
              >
                <Loader2 aria-hidden="true" className="size-6 animate-spin" />
                <p>{AUTH_SCREEN.signedIn}</p>
              </div>
            ) : mode === 'register' ? (
              <RegisterForm returnTo={returnTo} onSigningInChange={setSigningIn} />
            ) : mode === 'forgotPassword' ? (
              <ForgotPasswordForm />
            ) : mode === 'resetPassword' ? (
              <ResetPasswordPanel />
            ) : (
              <LoginForm returnTo={returnTo} onSigningInChange={setSigningIn} />
            )}
          </div>
        </section>
        <AuthSidePanel />
      </div>
    </div>
  );
}
