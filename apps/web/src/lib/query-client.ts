import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7 defaults: no retries, no refetch on window focus, results never go stale and nothing
 * polls. Fresh data arrives through explicit invalidation (and, later, socket events).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
