import { httpErrorMessage } from '../errors/errors.body';
import { LOGIN_ERRORS, LOGOUT_ERRORS, REGISTRATION_ERRORS } from './auth.messages';
import {
  isNetworkErrorMessage,
  loginErrorMessage,
  loginErrorToast,
  logoutErrorMessage,
  registrationErrorMessage,
  registrationErrorToast,
} from './auth.mapping';
import { SERVER_MESSAGES } from './server.messages';

/** What the web's API client makes of our error bodies (spec §7). */
const fromServer = (status: number, message: string): string =>
  httpErrorMessage(status, JSON.stringify({ statusCode: status, code: 'CONFLICT', message }), '');

describe('loginErrorMessage (spec §8 Login)', () => {
  it.each([
    ['Invalid username or password', LOGIN_ERRORS.invalidCredentials],
    ['401: Unauthorized', LOGIN_ERRORS.invalidCredentials],
    ['Failed to fetch', LOGIN_ERRORS.network],
    ['NetworkError when attempting to fetch resource.', LOGIN_ERRORS.network],
    ['500: Internal Server Error', LOGIN_ERRORS.fallback],
    ['', LOGIN_ERRORS.fallback],
  ])('%p → %p', (message, text) => {
    expect(loginErrorMessage(message)).toBe(text);
  });

  it('recognises our server’s login failure', () => {
    expect(loginErrorMessage(fromServer(401, SERVER_MESSAGES.invalidCredentials))).toBe(
      'Invalid username or password. Please try again.',
    );
  });

  it('matches case-sensitively, as the spec quotes the words', () => {
    expect(loginErrorMessage('network down')).toBe(LOGIN_ERRORS.fallback);
  });

  it('builds the destructive toast', () => {
    expect(loginErrorToast('Failed to fetch')).toEqual({
      title: 'Login failed',
      description: 'Connection error. Please check your internet and try again.',
      variant: 'destructive',
    });
  });
});

describe('registrationErrorMessage (spec §8 Registration)', () => {
  it('lets "email" + "exists" win over the plain "already exists" rule', () => {
    expect(registrationErrorMessage('An account with this email already exists')).toBe(
      'An account with this email already exists. Try logging in instead.',
    );
    expect(registrationErrorMessage('email exists')).toBe(REGISTRATION_ERRORS.emailTaken);
  });

  it.each([
    ['Username already exists', REGISTRATION_ERRORS.usernameTaken],
    ['409: user already exists', REGISTRATION_ERRORS.usernameTaken],
    ['validation error', REGISTRATION_ERRORS.invalidDetails],
    ['invalid username', REGISTRATION_ERRORS.invalidDetails],
    ['Failed to fetch', REGISTRATION_ERRORS.network],
    ['Network request failed', REGISTRATION_ERRORS.network],
    ['500: boom', REGISTRATION_ERRORS.fallback],
  ])('%p → %p', (message, text) => {
    expect(registrationErrorMessage(message)).toBe(text);
  });

  it('puts the details rule before the network rule', () => {
    expect(registrationErrorMessage('invalid fetch')).toBe(REGISTRATION_ERRORS.invalidDetails);
  });

  it('recognises each of our server’s registration failures', () => {
    expect(registrationErrorMessage(fromServer(409, SERVER_MESSAGES.usernameTaken))).toBe(
      'This username is already taken. Please choose a different one.',
    );
    expect(registrationErrorMessage(fromServer(409, SERVER_MESSAGES.emailTaken))).toBe(
      'An account with this email already exists. Try logging in instead.',
    );
    expect(registrationErrorMessage(fromServer(400, SERVER_MESSAGES.invalidRegistration))).toBe(
      'Please check your details and try again.',
    );
  });

  it('builds the destructive toast', () => {
    expect(registrationErrorToast('oops')).toEqual({
      title: 'Registration failed',
      description: 'Unable to create your account. Please try again.',
      variant: 'destructive',
    });
  });
});

describe('logoutErrorMessage (spec §8 Logout)', () => {
  it('tells network errors from the rest', () => {
    expect(logoutErrorMessage('Failed to fetch')).toBe(
      'Connection error during logout. Your session may have ended anyway.',
    );
    expect(logoutErrorMessage('500: Internal Server Error')).toBe(LOGOUT_ERRORS.fallback);
    expect(isNetworkErrorMessage('Load failed')).toBe(false);
  });
});
