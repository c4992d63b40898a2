// The auth screen (spec §2 "Auth screen", §4 auth modes) and the signed-in header items (spec §2
// "Navigation and layout"). Texts the spec quotes are copied exactly; the rest are ours, in its voice.

import { FREE_QUERIES_TOTAL, RESET_TOKEN_TTL_MINUTES } from '../limits/limits.constants';
import { type ToastText } from '../messages/messages.types';
import { VALIDATION_MESSAGES } from '../messages/validation.messages';
import { ROUTE_PATHS } from './routes.constants';

/** The four modes of /auth (spec §4). */
export const AUTH_MODES = ['login', 'register', 'forgotPassword', 'resetPassword'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** Query parameters /auth reads. */
export const AUTH_QUERY_PARAMS = {
  /** `register` or `forgotPassword` selects that mode. */
  form: 'form',
  /** The password-reset token; its presence selects reset mode. */
  token: 'token',
  /** A same-site path to go to after login or signup instead of / (the pricing screen's subscribe). */
  returnTo: 'return',
  /** Set by the server when an external sign-in could not complete (see OAUTH_ERROR_CODES). */
  error: 'error',
} as const;

/** /auth?form=register and /auth?form=forgotPassword. */
export const AUTH_FORM_VALUES = { register: 'register', forgotPassword: 'forgotPassword' } as const;

export const FORGOT_PASSWORD_PATH = `${ROUTE_PATHS.auth}?${AUTH_QUERY_PARAMS.form}=${AUTH_FORM_VALUES.forgotPassword}`;

/** The link of the reset e-mail: a path starting with /reset-password, with the token in the query. */
export const resetPasswordPath = (token: string): string =>
  `${ROUTE_PATHS.resetPassword}?${AUTH_QUERY_PARAMS.token}=${encodeURIComponent(token)}`;

/** Where the pricing screen sends a signed-out visitor who wants to subscribe (spec §2). */
export const authPathReturningTo = (path: string): string =>
  `${ROUTE_PATHS.auth}?${AUTH_QUERY_PARAMS.returnTo}=${encodeURIComponent(path)}`;

/** External sign-in: browser redirects, from both the login and the register form (DECISIONS 3). */
export const OAUTH_START_PATHS = {
  google: '/api/auth/google',
  apple: '/api/auth/apple',
} as const;
export type OAuthProvider = keyof typeof OAUTH_START_PATHS;

/** Which external sign-ins the server has configured (AuthProvidersResponse). */
export const AUTH_PROVIDERS_PATH = '/api/auth/providers';

/** The `error` values the server puts on /auth when an external sign-in cannot complete. */
export const OAUTH_ERROR_CODES = {
  googleNotConfigured: 'google_not_configured',
  appleNotConfigured: 'apple_not_configured',
  /** Any other failure: bad state, denied consent, provider error. Other unknown codes read the same. */
  failed: 'oauth_failed',
  // More precise codes the server also sends; the web reads them as `failed` (see oauthErrorToast).
  /** The callback's state is unknown, expired, already used or not this browser's. */
  stateInvalid: 'oauth_state',
  /** The provider's discovery document could not be fetched. */
  googleUnavailable: 'google_unavailable',
  appleUnavailable: 'apple_unavailable',
  /** Too many sign-ins started from this address. */
  rateLimited: 'oauth_rate_limited',
} as const;

export const OAUTH_ERROR_TOASTS = {
  googleNotConfigured: {
    title: 'Google sign-in unavailable',
    description: 'Google sign-in is not configured on this server.',
    variant: 'destructive',
  },
  appleNotConfigured: {
    title: 'Apple sign-in unavailable',
    description: 'Apple sign-in is not configured on this server.',
    variant: 'destructive',
  },
  failed: {
    title: 'Sign-in failed',
    description:
      'We could not sign you in with that provider. Please try again, or sign in with your username and password.',
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastText>;

/** The toast for /auth?error=<code>. */
export function oauthErrorToast(code: string): ToastText {
  if (code === OAUTH_ERROR_CODES.googleNotConfigured) return OAUTH_ERROR_TOASTS.googleNotConfigured;
  if (code === OAUTH_ERROR_CODES.appleNotConfigured) return OAUTH_ERROR_TOASTS.appleNotConfigured;
  return OAUTH_ERROR_TOASTS.failed;
}

export interface AuthPanelPromise {
  readonly title: string;
  readonly text: string;
}

export const AUTH_SCREEN = {
  fields: {
    username: 'Username',
    password: 'Password',
    email: 'Email',
    name: 'Name',
    optional: 'optional',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  login: {
    /** Also the /auth page title (PAGE_TITLES.auth). */
    title: 'Sign in',
    description: 'Welcome back. Sign in to put your next question to the Council.',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    submit: 'Sign in',
    pending: 'Signing in...',
    switchPrompt: "Don't have an account?",
    switchLink: 'Sign up',
  },
  register: {
    title: 'Create your account',
    description: `Sign up and get ${FREE_QUERIES_TOTAL} free queries to try the Council.`,
    /** Spec §5: the register form's password hint. */
    passwordHint: VALIDATION_MESSAGES.passwordMin,
    termsPrefix: 'By creating an account, you agree to our',
    termsLink: 'Terms of Service',
    termsJoin: 'and',
    privacyLink: 'Privacy Policy',
    submit: 'Create account',
    pending: 'Creating account...',
    switchPrompt: 'Already have an account?',
    switchLink: 'Sign in',
  },
  forgotPassword: {
    title: 'Forgot your password?',
    description: "Enter your account's email address and we'll send you a link to reset your password.",
    submit: 'Send reset link',
    pending: 'Sending...',
    backToLogin: 'Back to sign in',
  },
  checkEmail: {
    /** Spec §2. */
    title: 'Check Your Email',
    description: (email: string): string =>
      `If an account exists for ${email}, we've sent it a link to reset your password. The link works once and expires after ${RESET_TOKEN_TTL_MINUTES} minutes.`,
    tryAgain: 'Use a different email',
    backToLogin: 'Back to sign in',
  },
  resetPassword: {
    title: 'Reset Password',
    description: 'Choose a new password for your account.',
    submit: 'Reset password',
    pending: 'Resetting...',
  },
  invalidResetLink: {
    /** Spec §2. */
    title: 'Invalid Reset Link',
    description:
      'This password reset link is missing its token. Open the link from your email again, or request a new one.',
    backToLogin: 'Back to login',
    requestNew: 'Request a new link',
  },
  resetComplete: {
    /** Spec §2. */
    title: 'Password Reset Complete',
    description: 'Your password has been changed. Taking you to sign in...',
    signIn: 'Sign in now',
  },
  signedIn: 'Signed in. Taking you to the Council...',
  oauth: {
    divider: 'or continue with',
    google: 'Continue with Google',
    apple: 'Continue with Apple',
  },
  /** The side panel's promises (spec §2): three named assistants, debate and consensus, reasoning. */
  panel: {
    title: 'One question. Three AI minds.',
    lead: 'Put your question to the Council and see how the leading assistants answer it.',
    assistants: ['ChatGPT', 'Claude', 'Grok'],
    promises: [
      {
        title: 'Compare responses side by side',
        text: 'Ask once and compare the answers of ChatGPT, Claude and Grok next to each other.',
      },
      {
        title: 'Watch them debate',
        text: 'Let the assistants debate your question and reach a consensus answer together.',
      },
      {
        title: 'See the reasoning',
        text: 'Follow the reasoning behind each answer, not just its conclusion.',
      },
    ] as readonly AuthPanelPromise[],
  },
} as const;

/** The signed-in header: user menu and token balance (spec §2). */
export const USER_MENU = {
  triggerLabel: 'Account menu',
  subscription: 'Subscription',
  signOut: 'Sign out',
} as const;

export const TOKEN_BALANCE = {
  /** Accessible name of the header button, e.g. "Token balance: 10K tokens". */
  buttonLabel: (formatted: string): string => `Token balance: ${formatted} tokens`,
  /** The balance shown is what can be spent now (spendableTokens). */
  spendable: 'Available to spend',
  /** Under it on a free account past its free queries (DECISIONS 24): only purchased tokens count. */
  trialTokensEnded: 'Free trial tokens: ended with your free queries',
  title: 'Token Balance',
  description: 'Each answer from the Council uses tokens from this balance.',
  tokensUnit: 'tokens',
  /** Under the bar; the balance may pass the allowance with purchased tokens, so never "260K of 250K". */
  ofAllowance: (allowance: string): string => `Plan allowance: ${allowance}`,
  /** Beside the balance while a question runs: its reservation, apart from what can be spent. */
  reserved: (formatted: string): string => `${formatted} reserved`,
  reservedLabel: (formatted: string): string => `${formatted} tokens reserved for the running question`,
  reservedNote: (formatted: string): string =>
    `${formatted} tokens are reserved for the question that is running. What it does not use comes back when it ends.`,
  planLabel: (planName: string): string => `${planName} plan`,
  /** Spec §2: links to /subscription; hidden on the max tier. */
  upgradePlan: 'Upgrade Plan',
} as const;
