import { type SessionUser } from '@council/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

// The signed-in user is read by every feature (header, Ask, History, billing), so it lives here.
export const userKeys = {
  user: () => ['auth', 'user'] as const,
};

/**
 * Answers that mean "nobody is signed in": 401 is the spec's signal; 404 means the API is not
 * mounted (the client served on its own, e.g. `vite preview`), which must not break public screens.
 */
const SIGNED_OUT_STATUSES = new Set([401, 404]);

/** GET /api/user: the current user, or null when signed out. Other failures reject. */
export async function getUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>('/api/user', { signal });
  } catch (error) {
    if (error instanceof ApiError && SIGNED_OUT_STATUSES.has(error.status)) return null;
    // fetch rejects with a TypeError when the server cannot be reached at all.
    if (error instanceof TypeError) return null;
    throw error;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.user(),
    queryFn: ({ signal }) => getUser(signal),
  });

export function useUser() {
  return useQuery(getUserQueryOptions());
}
