// Spec §8 picks the login, registration and logout toast text by searching the error's message
// (which is "<status>: <body>", spec §7). Matching is case-sensitive, as the spec quotes the words.

import { LOGIN_ERRORS, LOGOUT_ERRORS, REGISTRATION_ERRORS } from './auth.messages';
import { type ToastText } from './messages.types';

/** What browsers put in a failed fetch's message ("Failed to fetch", "NetworkError when ..."). */
export function isNetworkErrorMessage(message: string): boolean {
  return message.includes('Network') || message.includes('fetch');
}

export function loginErrorMessage(message: string): string {
  if (message.includes('Invalid username or password') || message.includes('401')) {
    return LOGIN_ERRORS.invalidCredentials;
  }
  if (isNetworkErrorMessage(message)) return LOGIN_ERRORS.network;
  return LOGIN_ERRORS.fallback;
}

/**
 * The spec lists "already exists" before "email and exists", but any message that matches the second
 * also matches the first, so in that order the e-mail text could never show. The narrower rule goes first.
 */
export function registrationErrorMessage(message: string): string {
  if (message.includes('email') && message.includes('exists')) return REGISTRATION_ERRORS.emailTaken;
  if (message.includes('already exists')) return REGISTRATION_ERRORS.usernameTaken;
  if (message.includes('validation') || message.includes('invalid'))
    return REGISTRATION_ERRORS.invalidDetails;
  if (isNetworkErrorMessage(message)) return REGISTRATION_ERRORS.network;
  return REGISTRATION_ERRORS.fallback;
}

export function logoutErrorMessage(message: string): string {
  return isNetworkErrorMessage(message) ? LOGOUT_ERRORS.network : LOGOUT_ERRORS.fallback;
}

export function loginErrorToast(message: string): ToastText {
  return { title: LOGIN_ERRORS.title, description: loginErrorMessage(message), variant: 'destructive' };
}

export function registrationErrorToast(message: string): ToastText {
  return {
    title: REGISTRATION_ERRORS.title,
    description: registrationErrorMessage(message),
    variant: 'destructive',
  };
}

export function logoutErrorToast(message: string): ToastText {
  return { title: LOGOUT_ERRORS.title, description: logoutErrorMessage(message), variant: 'destructive' };
}
