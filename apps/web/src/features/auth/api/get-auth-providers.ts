import { AUTH_PROVIDERS_PATH, type AuthProvidersResponse } from '@council/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/auth/providers: which external sign-ins (Google, Apple) this server has configured. */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProvidersResponse> {
  return api.get<AuthProvidersResponse>(AUTH_PROVIDERS_PATH, { signal });
}

export const getAuthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.providers(),
    queryFn: ({ signal }) => getAuthProviders(signal),
  });

/** The server's configuration does not change while it runs: one fetch serves both auth forms. */
export function useAuthProviders() {
  return useQuery(getAuthProvidersQueryOptions());
}
