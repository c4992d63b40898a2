import {
  AUTH_SCREEN,
  FORGOT_PASSWORD_PATH,
  OAUTH_START_PATHS,
  TOKEN_BALANCE,
  USER_MENU,
  authPathReturningTo,
  oauthErrorToast,
  resetPasswordPath,
} from './auth.constants';
import { ROUTE_PATHS } from './routes.constants';

describe('auth screen texts (spec §2, §5)', () => {
  it('quotes the spec’s view titles and the register password hint', () => {
    expect(AUTH_SCREEN.checkEmail.title).toBe('Check Your Email');
    expect(AUTH_SCREEN.invalidResetLink.title).toBe('Invalid Reset Link');
    expect(AUTH_SCREEN.resetComplete.title).toBe('Password Reset Complete');
    expect(AUTH_SCREEN.register.passwordHint).toBe('Password must be at least 6 characters');
  });

  it('names the three assistants and promises debate, consensus and reasoning in the side panel', () => {
    expect(AUTH_SCREEN.panel.assistants).toEqual(['ChatGPT', 'Claude', 'Grok']);
    const promises = AUTH_SCREEN.panel.promises
      .map((promise) => `${promise.title} ${promise.text}`)
      .join(' ');
    expect(promises).toMatch(/compare/i);
    expect(promises).toMatch(/debate/);
    expect(promises).toMatch(/consensus/);
    expect(promises).toMatch(/reasoning/);
  });
});

describe('auth paths', () => {
  it('sends both forms to the server’s Google and Apple redirects (DECISIONS 3)', () => {
    expect(OAUTH_START_PATHS).toEqual({ google: '/api/auth/google', apple: '/api/auth/apple' });
  });

  it('builds the forgot-password, reset and return addresses', () => {
    expect(FORGOT_PASSWORD_PATH).toBe('/auth?form=forgotPassword');
    expect(ROUTE_PATHS.resetPassword).toBe('/reset-password');
    expect(resetPasswordPath('a b/c')).toBe('/reset-password?token=a%20b%2Fc');
    expect(authPathReturningTo('/subscription')).toBe('/auth?return=%2Fsubscription');
  });
});

describe('oauthErrorToast', () => {
  it('says plainly when a provider is not configured', () => {
    expect(oauthErrorToast('google_not_configured')).toMatchObject({
      description: 'Google sign-in is not configured on this server.',
      variant: 'destructive',
    });
    expect(oauthErrorToast('apple_not_configured')).toMatchObject({
      description: 'Apple sign-in is not configured on this server.',
      variant: 'destructive',
    });
  });

  it('reads any other code as a failed sign-in', () => {
    expect(oauthErrorToast('oauth_failed').title).toBe('Sign-in failed');
    expect(oauthErrorToast('state_mismatch').title).toBe('Sign-in failed');
  });
});

describe('signed-in header', () => {
  it('labels the user menu and the balance', () => {
    expect(USER_MENU).toMatchObject({ subscription: 'Subscription', signOut: 'Sign out' });
    expect(TOKEN_BALANCE.upgradePlan).toBe('Upgrade Plan');
    expect(TOKEN_BALANCE.buttonLabel('10K')).toBe('Token balance: 10K tokens');
  });
});
