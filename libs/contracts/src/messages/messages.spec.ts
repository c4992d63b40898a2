// Pins every user-facing text to spec §4, §5 and §8, word for word.
import {
  ACCOUNT_TOASTS,
  FORGOT_PASSWORD_TOASTS,
  LOGIN_ERRORS,
  LOGOUT_ERRORS,
  REGISTRATION_ERRORS,
  RESET_PASSWORD_TOASTS,
} from './auth.messages';
import { ASK_TOASTS, maxAgentsMessage } from './ask.messages';
import { DELETE_QUESTION_TOASTS } from './delete.messages';
import { toastWithMessage } from './messages.types';
import {
  ALREADY_SUBSCRIBED,
  LOW_BALANCE_NOTICE,
  PAYMENT_ERRORS,
  PAYMENT_TOASTS,
  PRICING_TOASTS,
  subscriptionErrorToast,
  subscriptionProcessingToast,
} from './payment.messages';
import { RESPONSE_CARD_TEXTS } from './response-card.messages';
import { SHARE_TOASTS } from './share.messages';
import { VALIDATION_MESSAGES } from './validation.messages';

describe('account texts (spec §8)', () => {
  it('login, registration and logout', () => {
    expect(LOGIN_ERRORS).toEqual({
      title: 'Login failed',
      invalidCredentials: 'Invalid username or password. Please try again.',
      network: 'Connection error. Please check your internet and try again.',
      fallback: 'Please check your username and password and try again.',
    });
    expect(REGISTRATION_ERRORS).toEqual({
      title: 'Registration failed',
      usernameTaken: 'This username is already taken. Please choose a different one.',
      emailTaken: 'An account with this email already exists. Try logging in instead.',
      invalidDetails: 'Please check your details and try again.',
      network: 'Connection error. Please check your internet and try again.',
      fallback: 'Unable to create your account. Please try again.',
    });
    expect(LOGOUT_ERRORS).toEqual({
      title: 'Logout failed',
      network: 'Connection error during logout. Your session may have ended anyway.',
      fallback: 'Unable to log out properly. You can close your browser to end the session.',
    });
  });

  it('success toasts', () => {
    expect(ACCOUNT_TOASTS.loginSuccess('ada')).toEqual({
      title: 'Login successful',
      description: 'Welcome back, ada!',
      variant: 'default',
    });
    const registered = ACCOUNT_TOASTS.registrationSuccess('ada');
    expect(registered.title).toBe('Registration successful');
    expect(registered.description).toContain('ada');
    expect(ACCOUNT_TOASTS.loggedOut).toEqual({
      title: 'Logged out',
      description: 'You have been successfully logged out.',
      variant: 'default',
    });
  });

  it('password toasts', () => {
    expect(toastWithMessage(FORGOT_PASSWORD_TOASTS.failed)).toEqual({
      title: 'Error',
      description: 'Failed to process request',
      variant: 'destructive',
    });
    expect(FORGOT_PASSWORD_TOASTS.sent).toEqual({
      title: 'Password Reset Email Sent',
      description: "If your email exists in our system, you'll receive instructions to reset your password.",
      variant: 'default',
    });
    expect(RESET_PASSWORD_TOASTS.missingToken).toMatchObject({
      title: 'Error',
      description: 'Missing password reset token',
    });
    expect(toastWithMessage(RESET_PASSWORD_TOASTS.failed, null)).toMatchObject({
      title: 'Password Reset Failed',
      description: 'Invalid or expired token',
    });
    expect(RESET_PASSWORD_TOASTS.succeeded.title).toBe('Password Reset Successful');
  });
});

describe('ask texts (spec §5)', () => {
  it('pins every ask-screen toast', () => {
    expect(ASK_TOASTS.emptyQuestion).toMatchObject({
      title: 'Error',
      description: 'Please enter a question',
    });
    expect(ASK_TOASTS.authRequired).toMatchObject({
      title: 'Authentication required',
      description: 'Please sign in to ask questions',
    });
    expect(ASK_TOASTS.premiumFeature).toMatchObject({
      title: 'Premium feature',
      description: 'Debate mode and reasoning require a premium subscription',
    });
    expect(ASK_TOASTS.maxAgentsReached(3)).toEqual({
      title: 'Maximum agents reached',
      description: 'You can only add up to 3 agents with your current subscription',
      variant: 'destructive',
    });
    expect(maxAgentsMessage(10)).toBe('You can only add up to 10 agents with your current subscription');
    expect(ASK_TOASTS.noMoreAgents).toMatchObject({
      title: 'No more agents available',
      description: "You've already selected all available agents",
    });
    expect(ASK_TOASTS.cannotRemoveAgent).toMatchObject({
      title: 'Cannot remove agent',
      description: 'At least 3 agents are required',
    });
    expect(toastWithMessage(ASK_TOASTS.submitFailed, '500: boom')).toEqual({
      title: 'Error',
      description: '500: boom',
      variant: 'destructive',
    });
  });
});

describe('validation messages (spec §5)', () => {
  it('quotes the spec where it gives one', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      questionRequired: 'Question is required',
      passwordMin: 'Password must be at least 6 characters',
      emailInvalid: 'Please enter a valid email address',
      passwordMax: 'Password cannot exceed 100 characters',
      passwordsMismatch: 'Passwords do not match',
      resetTokenMissing: 'Missing password reset token',
      agentsMin: 'At least 3 agents are required',
    });
  });
});

describe('sharing and deleting (spec §8)', () => {
  it('share and copy', () => {
    expect(toastWithMessage(SHARE_TOASTS.failed, 'Question not found')).toEqual({
      title: 'Error sharing question',
      description: 'Question not found',
      variant: 'destructive',
    });
    expect(SHARE_TOASTS.shared).toMatchObject({
      title: 'Question shared successfully',
      description: 'Anyone with the link can now view this question and answers.',
    });
    expect(SHARE_TOASTS.linkCopied.title).toBe('Link copied');
    expect(SHARE_TOASTS.copyFailed).toMatchObject({
      title: 'Failed to copy',
      description: 'Please copy the link manually',
    });
  });

  it('delete', () => {
    expect(toastWithMessage(DELETE_QUESTION_TOASTS.failed, '  ')).toMatchObject({
      title: 'Error deleting question',
      description: 'An unexpected error occurred',
    });
    expect(DELETE_QUESTION_TOASTS.deleted).toMatchObject({
      title: 'Question deleted',
      description: 'The question has been successfully removed from your history.',
    });
  });
});

describe('payments and plans (spec §4, §5, §8)', () => {
  it('token purchase', () => {
    expect(toastWithMessage(PAYMENT_TOASTS.failed)).toMatchObject({
      title: 'Payment failed',
      description: 'There was an error processing your payment',
    });
    expect(PAYMENT_TOASTS.succeeded).toMatchObject({
      title: 'Token purchase successful!',
      description: 'Your tokens have been added to your account.',
    });
    expect(PAYMENT_ERRORS.initiateFailed).toBe('Failed to initiate payment');
    expect(PAYMENT_ERRORS.scriptLoadFailed).toBe('Failed to load');
    expect(PAYMENT_ERRORS.redirectFailed).toBe('Payment failed');
    expect(PAYMENT_ERRORS.noCheckoutUrl).toBe('No checkout URL or session ID returned from server');
    expect(LOW_BALANCE_NOTICE).toBe(
      "You're running low on tokens. Consider purchasing more tokens or upgrading your plan.",
    );
    expect(ALREADY_SUBSCRIBED).toBe('Already subscribed');
  });

  it('pricing screen', () => {
    expect(toastWithMessage(PRICING_TOASTS.paymentError)).toMatchObject({
      title: 'Payment Error',
      description: 'Could not process payment',
    });
    expect(PRICING_TOASTS.topUpFailed).toMatchObject({
      title: 'Error',
      description: 'Failed to process token top-up',
    });
    expect(PRICING_TOASTS.portalFailed).toMatchObject({
      title: 'Error',
      description: 'Failed to access customer portal. Please try again.',
    });
    expect(subscriptionErrorToast()).toMatchObject({
      title: 'Subscription Error',
      description: 'Failed to create subscription. Please try again.',
    });
    expect(subscriptionErrorToast('card declined', 'Max').description).toBe('card declined');
    expect(subscriptionErrorToast(undefined, 'Max').description).toBe(
      'Failed to create Max subscription. Please try again.',
    );
    expect(PRICING_TOASTS.subscriptionUnknownReply).toMatchObject({
      title: 'Error',
      description: 'Unable to process subscription request.',
    });
    expect(PRICING_TOASTS.upgradeFailed).toMatchObject({
      title: 'Error',
      description: 'Failed to create subscription',
    });
    expect(PRICING_TOASTS.upgradeReady.description).toBe(
      'Payment form is ready. Please complete payment details to upgrade.',
    );
    expect(PRICING_TOASTS.upgradeReadyFromTable.description).toBe(
      'Payment form is ready. Please complete payment details.',
    );
    expect(subscriptionProcessingToast()).toMatchObject({
      title: 'Processing',
      description: 'Creating your subscription...',
      variant: 'default',
    });
    expect(subscriptionProcessingToast('Premium').description).toBe('Creating your Premium subscription...');
    expect(PRICING_TOASTS.alreadySubscribed).toMatchObject({
      title: 'Already Subscribed',
      description: 'You already have an active subscription.',
      variant: 'default',
    });
    expect(PRICING_TOASTS.upgradeAuthRequired).toMatchObject({
      title: 'Authentication required',
      description: 'Please log in to upgrade your subscription',
    });
  });
});

describe('response cards (spec §4)', () => {
  it('pins the failure texts', () => {
    expect(RESPONSE_CARD_TEXTS).toEqual({
      serviceIssue: {
        heading: 'Service Issue',
        label: 'Service Unavailable',
        description: 'The other AI models are still available to answer your question.',
      },
      consensusFailed: {
        heading: 'Formation Issue',
        label: 'Consensus Formation Failed',
        description: 'Individual AI responses are still available above.',
      },
      processingError: {
        title: 'Error processing your question',
        refreshAction: 'Refresh page',
        contactSupportAction: 'Contact support',
      },
    });
  });
});

describe('toastWithMessage', () => {
  it('omits the description when there is neither a message nor a fallback', () => {
    expect(toastWithMessage(SHARE_TOASTS.failed)).toEqual({
      title: 'Error sharing question',
      variant: 'destructive',
    });
  });
});
