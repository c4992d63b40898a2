import { ROUTE_PATHS } from '@council/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { userKeys } from '@/lib/auth';
import { authModePath } from '../utils/auth-location';

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A 401 from any call means the session is gone (expired, signed out elsewhere): forget the user and
 * send the visitor to sign in, coming back to where they were. On /auth itself a 401 is a wrong
 * password, which the form reports.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const onAuthScreen = location.pathname === ROUTE_PATHS.auth;

  useEffect(() => {
    if (onAuthScreen) return;
    const expire = (error: unknown) => {
      // Only a session that was there can end; a signed-out visitor's 401s are the screens' own.
      if (!isUnauthorized(error) || !queryClient.getQueryData(userKeys.user())) return;
      queryClient.setQueryData(userKeys.user(), null);
      // void: the router rejects only a navigation to another origin; /auth is ours.
      void navigate(authModePath('login', here), { replace: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expire(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expire(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, here, onAuthScreen]);
}
