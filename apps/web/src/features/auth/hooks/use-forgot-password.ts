import { FORGOT_PASSWORD_TOASTS, toastWithMessage } from '@council/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/error-message';
import { authKeys } from '../api/auth-keys';
import { forgotPasswordRequest } from '../api/auth-requests';

/** POST /api/forgot-password, with the §8 toasts. The answer's fields are unused (spec §7). */
export function useForgotPassword() {
  return useMutation({
    mutationKey: authKeys.forgotPassword(),
    mutationFn: forgotPasswordRequest,
    onSuccess: () => {
      toast(FORGOT_PASSWORD_TOASTS.sent);
    },
    onError: (error) => {
      toast(toastWithMessage(FORGOT_PASSWORD_TOASTS.failed, errorDetail(error)));
    },
  });
}
