import { TOOLTIP_DELAY_MS } from '@council/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { queryClient as appQueryClient } from '@/lib/query-client';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass a fresh client so no cached data leaks between them. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient = appQueryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS}>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
