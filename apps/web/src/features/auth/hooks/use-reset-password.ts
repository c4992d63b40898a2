import { RESET_PASSWORD_TOASTS, toastWithMessage } from '@council/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/error-message';
import { authKeys } from '../api/auth-keys';
import { type ResetPasswordInput, resetPasswordRequest } from '../api/auth-requests';

/** Raised before any call when the reset link carried no token. */
export class MissingResetTokenError extends Error {
  override readonly name = 'MissingResetTokenError';
}

/** POST /api/reset-password, with the §8 toasts ("Error" / "Missing password reset token" without a token). */
export function useResetPassword() {
  return useMutation({
    mutationKey: authKeys.resetPassword(),
    mutationFn: (input: ResetPasswordInput) => {
      if (!input.token) return Promise.reject(new MissingResetTokenError());
      return resetPasswordRequest(input);
    },
    onSuccess: () => {
      toast(RESET_PASSWORD_TOASTS.succeeded);
    },
    onError: (error) => {
      toast(
        error instanceof MissingResetTokenError
          ? RESET_PASSWORD_TOASTS.missingToken
          : toastWithMessage(RESET_PASSWORD_TOASTS.failed, errorDetail(error)),
      );
    },
  });
}
