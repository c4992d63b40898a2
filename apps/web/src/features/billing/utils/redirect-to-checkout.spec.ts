import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from './browser-location';
import { redirectToCheckout, redirectWithSessionId } from './redirect-to-checkout';

afterEach(() => {
  delete window.Stripe;
});

describe('redirectToCheckout (spec §5, §7; DECISIONS 9)', () => {
  it('prefers the hosted url even when a session id comes too', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const fallback = vi.fn(() => Promise.resolve());

    await redirectToCheckout({ url: 'https://checkout.test/1', sessionId: 'cs_1' }, fallback);

    expect(assign).toHaveBeenCalledWith('https://checkout.test/1');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('falls back to the session id, also read as clientSecret', async () => {
    const fallback = vi.fn(() => Promise.resolve());

    await redirectToCheckout({ sessionId: 'cs_1' }, fallback);
    await redirectToCheckout({ clientSecret: 'cs_2' }, fallback);

    expect(fallback.mock.calls).toEqual([['cs_1'], ['cs_2']]);
  });

  it('fails with the spec’s text when neither comes back', async () => {
    await expect(redirectToCheckout({})).rejects.toThrow(
      'No checkout URL or session ID returned from server',
    );
    await expect(redirectToCheckout(undefined)).rejects.toThrow(
      'No checkout URL or session ID returned from server',
    );
  });
});

describe('redirectWithSessionId', () => {
  it('asks Stripe.js to redirect to the session with the publishable key', async () => {
    const redirect = vi.fn(() => Promise.resolve({}));
    const factory = vi.fn(() => ({ redirectToCheckout: redirect }));

    await redirectWithSessionId('cs_1', 'pk_test_1', () => Promise.resolve(factory));

    expect(factory).toHaveBeenCalledWith('pk_test_1');
    expect(redirect).toHaveBeenCalledWith({ sessionId: 'cs_1' });
  });

  it('passes on the provider’s message, else "Payment failed"', async () => {
    const failing = (message?: string) => () =>
      Promise.resolve(() => ({ redirectToCheckout: () => Promise.resolve({ error: { message } }) }));

    await expect(redirectWithSessionId('cs_1', 'pk', failing('Card declined'))).rejects.toThrow(
      'Card declined',
    );
    await expect(redirectWithSessionId('cs_1', 'pk', failing())).rejects.toThrow('Payment failed');
  });

  it('cannot load the payment script without a publishable key', async () => {
    await expect(redirectWithSessionId('cs_1', undefined)).rejects.toThrow(/^Failed to load$/);
  });
});
