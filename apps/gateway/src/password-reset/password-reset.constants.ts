/** Random bytes in a reset token: 256 bits, sent base64url-encoded (43 characters). */
export const RESET_TOKEN_BYTES = 32;

export const RESET_MAIL_SUBJECT = 'Reset your Council password';

/** The reset call's answer; the client shows its own "Password Reset Successful" toast (spec §8). */
export const PASSWORD_RESET_DONE_MESSAGE =
  'Your password has been reset. You can now log in with your new password.';
