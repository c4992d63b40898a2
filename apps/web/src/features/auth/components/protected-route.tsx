import { ROUTE_GUARD_REDIRECT_DELAY_MS } from '@council/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';
import { authModePath } from '../utils/auth-location';

/**
 * Guards the signed-in screens (spec §2, "Route access"): a spinner while the session loads, /auth
 * when nobody is signed in, and /auth after ROUTE_GUARD_REDIRECT_DELAY_MS when the lookup fails.
 * Signing in then comes back to the screen asked for (`?return=`).
 */
export function ProtectedRoute() {
  const { data: user, isPending, isError } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = authModePath('login', `${location.pathname}${location.search}`);

  useEffect(() => {
    if (!isError) return;
    const timer = window.setTimeout(() => navigate(signIn, { replace: true }), ROUTE_GUARD_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isError, navigate, signIn]);

  if (isPending || isError) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading your session" />
      </div>
    );
  }
  if (!user) return <Navigate to={signIn} replace />;
  return <Outlet />;
}
