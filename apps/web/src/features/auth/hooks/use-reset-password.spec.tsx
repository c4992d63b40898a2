import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/testing/mock-api';
import { useResetPassword } from './use-reset-password';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('useResetPassword', () => {
  it('refuses to call without a token: "Error" / "Missing password reset token" (spec §8)', async () => {
    const fetchMock = mockApi();
    const { result } = renderHook(() => useResetPassword(), { wrapper });

    result.current.mutate({ token: '', password: 'new-secret' });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Error',
      description: 'Missing password reset token',
      variant: 'destructive',
    });
  });
});
