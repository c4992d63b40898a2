import { ACCOUNT_TOASTS, errorMessage, loginErrorToast } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '../api/auth-keys';
import { loginRequest } from '../api/auth-requests';
import { getUserQueryOptions } from '@/lib/auth';

/** POST /api/login: stores the returned user as the current user (spec §4) and toasts per §8. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: loginRequest,
    onSuccess: (user) => {
      queryClient.setQueryData(getUserQueryOptions().queryKey, user);
      toast(ACCOUNT_TOASTS.loginSuccess(user.username));
    },
    onError: (error) => {
      toast(loginErrorToast(errorMessage(error)));
    },
  });
}
