import { Navigate, useLocation } from 'react-router-dom';

/** Replaces the current entry with `to`, keeping the query and #anchor (DECISIONS 1 and 2). */
export function RedirectRoute({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
