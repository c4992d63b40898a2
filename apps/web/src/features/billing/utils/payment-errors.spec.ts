import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { purchaseFailedToast, serverMessage, topUpFailedToast } from './payment-errors';

const apiError = (status: number, body: string) => new ApiError(status, body, 'Status');
const errorBody = (message: string) =>
  JSON.stringify({ statusCode: 400, code: 'VALIDATION_FAILED', message });

describe('serverMessage', () => {
  it('reads the JSON message field, joining a list', () => {
    expect(serverMessage(apiError(400, errorBody('Please select a token package')))).toBe(
      'Please select a token package',
    );
    expect(serverMessage(apiError(400, JSON.stringify({ message: ['a', 'b'] })))).toBe('a b');
  });

  it('is null for plain text or an empty message', () => {
    expect(serverMessage(apiError(502, 'Bad Gateway'))).toBeNull();
    expect(serverMessage(apiError(500, errorBody('  ')))).toBeNull();
  });
});

describe('purchaseFailedToast (the dialog)', () => {
  it('shows the server message, else "Failed to initiate payment"', () => {
    expect(purchaseFailedToast(apiError(503, errorBody('Stripe is down')))).toEqual({
      title: 'Payment failed',
      description: 'Stripe is down',
      variant: 'destructive',
    });
    expect(purchaseFailedToast(apiError(500, '')).description).toBe('Failed to initiate payment');
  });

  it('shows the checkout step’s own message, else the fallback', () => {
    expect(purchaseFailedToast(new Error('Card declined')).description).toBe('Card declined');
    expect(purchaseFailedToast(new TypeError('Failed to fetch')).description).toBe(
      'There was an error processing your payment',
    );
    expect(purchaseFailedToast('weird').description).toBe('There was an error processing your payment');
  });
});

describe('topUpFailedToast (the pricing screen)', () => {
  it('is "Payment Error" with the server message, else "Could not process payment"', () => {
    expect(topUpFailedToast(apiError(400, errorBody('Please select a token package')))).toEqual({
      title: 'Payment Error',
      description: 'Please select a token package',
      variant: 'destructive',
    });
    expect(topUpFailedToast(apiError(500, 'oops')).description).toBe('Could not process payment');
    expect(
      topUpFailedToast(new Error('No checkout URL or session ID returned from server')).description,
    ).toBe('No checkout URL or session ID returned from server');
  });

  it('is "Error" / "Failed to process token top-up" when the call never reached the server', () => {
    expect(topUpFailedToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Error',
      description: 'Failed to process token top-up',
      variant: 'destructive',
    });
  });
});
