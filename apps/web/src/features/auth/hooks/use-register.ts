import { ACCOUNT_TOASTS, errorMessage, registrationErrorToast } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '../api/auth-keys';
import { registerRequest } from '../api/auth-requests';
import { getUserQueryOptions } from '@/lib/auth';

/** POST /api/register: stores the new user as the current user (spec §4) and toasts per §8. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.register(),
    mutationFn: registerRequest,
    onSuccess: (user) => {
      queryClient.setQueryData(getUserQueryOptions().queryKey, user);
      toast(ACCOUNT_TOASTS.registrationSuccess(user.username));
    },
    onError: (error) => {
      toast(registrationErrorToast(errorMessage(error)));
    },
  });
}
