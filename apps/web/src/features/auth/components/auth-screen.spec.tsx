import { REDIRECT_AFTER_LOGIN_MS, REDIRECT_AFTER_RESET_MS } from '@council/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { eventually, fakeTimeouts, restoreTimeouts } from '@/testing/fake-timers';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

const lastToast = () => useToastStore.getState().toasts[0];
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function fillIn(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.type(field(label), value);
  }
  return user;
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  restoreTimeouts();
});

describe('auth screen modes (spec §2, §4)', () => {
  it.each([
    ['/auth', 'Sign in'],
    ['/auth?form=register', 'Create your account'],
    ['/auth?form=forgotPassword', 'Forgot your password?'],
    ['/auth?token=abc', 'Reset Password'],
    ['/reset-password?token=abc', 'Reset Password'],
  ])('%s shows "%s"', async (path, title) => {
    mockApi();
    renderApp(path);
    expect(await heading(title)).toBeInTheDocument();
  });

  it('shows "Invalid Reset Link" without a token, with a way back to login', async () => {
    const fetchMock = mockApi();
    renderApp('/reset-password');

    expect(await heading('Invalid Reset Link')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/user']);
  });

  it('switches modes through its links, keeping a return path', async () => {
    mockApi();
    const { router } = renderApp('/auth?return=%2Fsubscription');
    const user = userEvent.setup();

    await heading('Sign in');
    const main = () => within(screen.getByRole('main'));

    await user.click(main().getByRole('link', { name: 'Sign up' }));
    await heading('Create your account');
    expect(router.state.location.search).toBe('?form=register&return=%2Fsubscription');

    await user.click(main().getByRole('link', { name: 'Sign in' }));
    await heading('Sign in');
    expect(router.state.location.search).toBe('?return=%2Fsubscription');
    await user.click(main().getByRole('link', { name: 'Forgot password?' }));
    expect(await heading('Forgot your password?')).toBeInTheDocument();
  });

  it('sends a signed-in user to /', async () => {
    mockApi({}, signedInUser);
    const { router } = renderApp('/auth?form=register');

    await heading('Ask The Council');
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers Google and Apple as plain links to the server, from login and register (DECISIONS 3)', async () => {
    mockApi({ '/api/auth/providers': () => jsonResponse({ google: true, apple: true }) });
    const { unmount } = renderApp('/auth');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    expect(screen.getByRole('link', { name: 'Continue with Apple' })).toHaveAttribute(
      'href',
      '/api/auth/apple',
    );
    unmount();

    renderApp('/auth?form=register');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    expect(screen.getByRole('link', { name: 'Continue with Apple' })).toHaveAttribute(
      'href',
      '/api/auth/apple',
    );
  });

  it('promises three named assistants, debate and consensus, and reasoning in its side panel', async () => {
    mockApi();
    renderApp('/auth');

    const panel = await screen.findByRole('complementary');
    for (const name of ['ChatGPT', 'Claude', 'Grok']) {
      expect(within(panel).getAllByText(new RegExp(name)).length).toBeGreaterThan(0);
    }
    expect(within(panel).getByRole('heading', { name: 'Watch them debate' })).toBeInTheDocument();
    expect(within(panel).getByText(/consensus/)).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'See the reasoning' })).toBeInTheDocument();
  });

  it.each([
    ['google_not_configured', 'Google sign-in is not configured on this server.'],
    ['apple_not_configured', 'Apple sign-in is not configured on this server.'],
    [
      'access_denied',
      'We could not sign you in with that provider. Please try again, or sign in with your username and password.',
    ],
  ])('toasts /auth?error=%s once and drops the parameter', async (code, description) => {
    mockApi();
    const { router } = renderApp(`/auth?error=${code}&form=register`);

    await heading('Create your account');
    await waitFor(() => expect(router.state.location.search).toBe('?form=register'));
    expect(lastToast()).toMatchObject({ description, variant: 'destructive' });
  });
});

describe('validation messages (spec §5)', () => {
  it('wait for the first submit, so a message appearing on blur never moves the button being clicked', async () => {
    mockApi();
    renderApp('/reset-password?token=abc');
    await heading('Reset Password');

    const user = await fillIn({ 'New password': 'short' });
    await user.click(field('Confirm password'));
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();

    await user.type(field('Confirm password'), 'other');
    await user.tab();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(field('Confirm password')).not.toHaveAttribute('aria-invalid');
  });

  it('login: username at least 3, password at least 6', async () => {
    mockApi();
    renderApp('/auth');
    await heading('Sign in');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('register: shows the password hint, then the username, e-mail and password messages; name is optional', async () => {
    const fetchMock = mockApi();
    renderApp('/auth?form=register');
    await heading('Create your account');
    expect(screen.getByText('Password must be at least 6 characters')).not.toHaveClass('text-destructive');

    await fillIn({ Username: 'ad', Email: 'not-an-email', Password: '12345' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toHaveClass('text-destructive');
    expect(field('Name (optional)')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/register');
  });

  it('forgot password: "Please enter a valid email address"', async () => {
    mockApi();
    renderApp('/auth?form=forgotPassword');
    await heading('Forgot your password?');

    await fillIn({ Email: 'ada@' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('reset password: 6 to 100 characters, as at sign-up, and the confirmation must match', async () => {
    mockApi();
    renderApp('/reset-password?token=abc');
    await heading('Reset Password');
    const user = userEvent.setup();

    await user.type(field('New password'), 'short');
    await user.type(field('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(field('New password'));
    fireEvent.input(field('New password'), { target: { value: 'x'.repeat(101) } });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password cannot exceed 100 characters')).toBeInTheDocument();
  });
});

describe('login', () => {
  it('sends remember-me, stores the user, toasts, and goes to / after 500 ms', async () => {
    const fetchMock = mockApi({ '/api/login': () => jsonResponse(signedInUser) });
    const { router, queryClient } = renderApp('/auth');
    await heading('Sign in');
    const user = await fillIn({ Username: ' ada ', Password: 'secret1' });
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));

    fakeTimeouts();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await eventually(() =>
      expect(screen.getByText('Signed in. Taking you to the Council...')).toBeInTheDocument(),
    );
    expect(sentBody(fetchMock, '/api/login')).toEqual({
      username: 'ada',
      password: 'secret1',
      rememberMe: true,
    });
    expect(queryClient.getQueryData(['auth', 'user'])).toEqual(signedInUser);
    expect(lastToast()).toMatchObject({ title: 'Login successful', description: 'Welcome back, ada!' });

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_LOGIN_MS - 1));
    expect(router.state.location.pathname).toBe('/auth');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    [
      'a 401',
      () => errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password'),
      'Invalid username or password. Please try again.',
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Connection error. Please check your internet and try again.',
    ],
    [
      'any other failure',
      () => textResponse('Too Many Requests', 429, 'Too Many Requests'),
      'Please check your username and password and try again.',
    ],
  ])('toasts %s with the §8 text and stays on the form', async (_case, answer, description) => {
    mockApi({ '/api/login': answer });
    const { router } = renderApp('/auth');
    await heading('Sign in');
    const user = await fillIn({ Username: 'ada', Password: 'secret1' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Login failed', description, variant: 'destructive' }),
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('registration', () => {
  it('sends the details, toasts a welcome, and returns to /subscription after 500 ms', async () => {
    const created = { ...signedInUser, username: 'grace', name: null, email: 'grace@example.com' };
    const fetchMock = mockApi({ '/api/register': () => jsonResponse(created, 201) });
    const { router } = renderApp('/auth?form=register&return=%2Fsubscription');
    await heading('Create your account');
    await fillIn({
      Username: 'grace',
      Email: 'grace@example.com',
      Password: 'secret1',
      'Name (optional)': '   ',
    });

    fakeTimeouts();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await eventually(() =>
      expect(screen.getByText('Signed in. Taking you to the Council...')).toBeInTheDocument(),
    );
    expect(sentBody(fetchMock, '/api/register')).toEqual({
      username: 'grace',
      email: 'grace@example.com',
      password: 'secret1',
    });
    expect(lastToast()).toMatchObject({ title: 'Registration successful' });
    expect(lastToast()?.description).toContain('grace');

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_LOGIN_MS - 1));
    expect(router.state.location.pathname).toBe('/auth');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it.each([
    [
      'a taken username (409)',
      () => errorResponse(409, 'USERNAME_TAKEN', 'Username already exists'),
      'This username is already taken. Please choose a different one.',
    ],
    [
      'a taken e-mail (409)',
      () => errorResponse(409, 'EMAIL_TAKEN', 'An account with this email already exists'),
      'An account with this email already exists. Try logging in instead.',
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Connection error. Please check your internet and try again.',
    ],
    [
      'any other failure',
      () => textResponse('', 500, 'Internal Server Error'),
      'Unable to create your account. Please try again.',
    ],
  ])('toasts %s with the §8 text', async (_case, answer, description) => {
    mockApi({ '/api/register': answer });
    renderApp('/auth?form=register');
    await heading('Create your account');
    const user = await fillIn({ Username: 'grace', Email: 'grace@example.com', Password: 'secret1' });

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Registration failed',
        description,
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('shows "Check Your Email" once the request succeeds', async () => {
    const fetchMock = mockApi({ '/api/forgot-password': () => jsonResponse({ message: 'ok' }) });
    renderApp('/auth?form=forgotPassword');
    await heading('Forgot your password?');
    const user = await fillIn({ Email: 'ada@example.com' });

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await heading('Check Your Email')).toBeInTheDocument();
    expect(screen.getByText(/ada@example\.com/)).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/forgot-password')).toEqual({ email: 'ada@example.com' });
    expect(lastToast()).toMatchObject({
      title: 'Password Reset Email Sent',
      description: "If your email exists in our system, you'll receive instructions to reset your password.",
    });
  });

  it('toasts "Error" with the server message on failure', async () => {
    mockApi({
      '/api/forgot-password': () => errorResponse(429, 'RATE_LIMITED', 'Too many requests, try again later'),
    });
    renderApp('/auth?form=forgotPassword');
    await heading('Forgot your password?');
    const user = await fillIn({ Email: 'ada@example.com' });

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error',
        description: 'Too many requests, try again later',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('sends token and password, shows "Password Reset Complete" and goes to /auth after 2000 ms', async () => {
    const fetchMock = mockApi({ '/api/reset-password': () => jsonResponse({ message: 'ok' }) });
    const { router } = renderApp('/reset-password?token=t0k3n');
    await heading('Reset Password');
    await fillIn({ 'New password': 'new-secret', 'Confirm password': 'new-secret' });

    fakeTimeouts();
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    await eventually(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Password Reset Complete' })).toBeInTheDocument(),
    );
    expect(sentBody(fetchMock, '/api/reset-password')).toEqual({ token: 't0k3n', password: 'new-secret' });
    expect(lastToast()).toMatchObject({ title: 'Password Reset Successful' });

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_RESET_MS - 1));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location).toMatchObject({ pathname: '/auth', search: '' });
    await eventually(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument(),
    );
  });

  it('toasts "Password Reset Failed" with the server message', async () => {
    mockApi({
      '/api/reset-password': () => errorResponse(400, 'RESET_TOKEN_INVALID', 'Invalid or expired token'),
    });
    renderApp('/auth?token=used');
    await heading('Reset Password');
    const user = await fillIn({ 'New password': 'new-secret', 'Confirm password': 'new-secret' });

    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Password Reset Failed',
        description: 'Invalid or expired token',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  });
});
