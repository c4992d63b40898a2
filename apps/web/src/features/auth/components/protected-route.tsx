import { ROUTE_GUARD_REDIRECT_DELAY_MS, ROUTE_PATHS } from '@council/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '../api/get-user';

/**
 * Guards the signed-in screens (spec §2, "Route access"): a spinner while the session loads, /auth
 * when nobody is signed in, and /auth after ROUTE_GUARD_REDIRECT_DELAY_MS when the lookup fails.
 */
export function ProtectedRoute() {
  const { data: user, isPending, isError } = useUser();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isError) return;
    const timer = window.setTimeout(
      () => navigate(ROUTE_PATHS.auth, { replace: true }),
      ROUTE_GUARD_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [isError, navigate]);

  if (isPending || isError) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading your session" />
      </div>
    );
  }
  if (!user) return <Navigate to={ROUTE_PATHS.auth} replace />;
  return <Outlet />;
}
