import { ACCOUNT_TOASTS, ROUTE_PATHS, errorMessage, logoutErrorToast } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '../api/auth-keys';
import { logoutRequest } from '../api/auth-requests';
import { getUserQueryOptions } from '@/lib/auth';
import { getCouncilSocket } from '@/lib/socket';

/**
 * POST /api/logout. On success (spec §4): close the socket, clear every cached query and mutation,
 * set the user to null (so nothing refetches /api/user), then go to /. A failure only toasts
 * (spec §8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: authKeys.logout(),
    mutationFn: logoutRequest,
    onSuccess: () => {
      // The socket was authenticated as this user at its handshake; the next user gets a new one.
      getCouncilSocket().disconnect();
      queryClient.clear();
      queryClient.setQueryData(getUserQueryOptions().queryKey, null);
      toast(ACCOUNT_TOASTS.loggedOut);
      void navigate(ROUTE_PATHS.ask);
    },
    onError: (error) => {
      toast(logoutErrorToast(errorMessage(error)));
    },
  });
}
