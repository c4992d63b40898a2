// Account texts of spec §8 ("Login", "Registration", "Logout", "Success toasts for accounts",
// "Passwords"), copied exactly. The rules choosing among them are in auth.mapping.ts.

import { type MessageToast, type ToastText } from './messages.types';

const NETWORK_ERROR = 'Connection error. Please check your internet and try again.';

export const LOGIN_ERRORS = {
  title: 'Login failed',
  invalidCredentials: 'Invalid username or password. Please try again.',
  network: NETWORK_ERROR,
  fallback: 'Please check your username and password and try again.',
} as const;

export const REGISTRATION_ERRORS = {
  title: 'Registration failed',
  usernameTaken: 'This username is already taken. Please choose a different one.',
  emailTaken: 'An account with this email already exists. Try logging in instead.',
  invalidDetails: 'Please check your details and try again.',
  network: NETWORK_ERROR,
  fallback: 'Unable to create your account. Please try again.',
} as const;

export const LOGOUT_ERRORS = {
  title: 'Logout failed',
  network: 'Connection error during logout. Your session may have ended anyway.',
  fallback: 'Unable to log out properly. You can close your browser to end the session.',
} as const;

export const ACCOUNT_TOASTS = {
  loginSuccess: (username: string): ToastText => ({
    title: 'Login successful',
    description: `Welcome back, ${username}!`,
    variant: 'default',
  }),
  /** The spec fixes only the title and that the welcome names the user; the wording is ours. */
  registrationSuccess: (username: string): ToastText => ({
    title: 'Registration successful',
    description: `Welcome to the Council, ${username}!`,
    variant: 'default',
  }),
  loggedOut: {
    title: 'Logged out',
    description: 'You have been successfully logged out.',
    variant: 'default',
  },
} as const satisfies Record<string, ToastText | ((username: string) => ToastText)>;

export const FORGOT_PASSWORD_TOASTS = {
  failed: { title: 'Error', fallbackDescription: 'Failed to process request', variant: 'destructive' },
  sent: {
    title: 'Password Reset Email Sent',
    description: "If your email exists in our system, you'll receive instructions to reset your password.",
    variant: 'default',
  },
} as const satisfies { failed: MessageToast; sent: ToastText };

export const RESET_PASSWORD_TOASTS = {
  missingToken: { title: 'Error', description: 'Missing password reset token', variant: 'destructive' },
  failed: {
    title: 'Password Reset Failed',
    fallbackDescription: 'Invalid or expired token',
    variant: 'destructive',
  },
  succeeded: { title: 'Password Reset Successful', variant: 'default' },
} as const satisfies { missingToken: ToastText; failed: MessageToast; succeeded: ToastText };
