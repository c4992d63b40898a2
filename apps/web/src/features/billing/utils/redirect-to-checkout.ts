import { type CheckoutReply, PAYMENT_ERRORS } from '@council/contracts';
import { browserLocation } from './browser-location';

/** Some replies carry the checkout session id as `clientSecret` (spec §7). */
type CheckoutReplyLike = CheckoutReply & { clientSecret?: string };

/** The slice of Stripe.js the session-id fallback uses. */
interface StripeJs {
  redirectToCheckout(options: { sessionId: string }): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** Loads Stripe.js once; rejects with PAYMENT_ERRORS.scriptLoadFailed when it cannot. */
export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error(PAYMENT_ERRORS.scriptLoadFailed));
    script.onerror = () => {
      script.remove();
      reject(new Error(PAYMENT_ERRORS.scriptLoadFailed));
    };
    document.head.append(script);
  });
}

/**
 * The spec's session-id path (§7), kept only as a fallback (DECISIONS 9): Stripe.js with the public
 * publishable key sends the browser to the hosted checkout of that session.
 */
export async function redirectWithSessionId(
  sessionId: string,
  publishableKey: string | undefined = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY,
  load: () => Promise<StripeFactory> = loadStripeJs,
): Promise<void> {
  if (!publishableKey) throw new Error(PAYMENT_ERRORS.scriptLoadFailed);
  const stripe = (await load())(publishableKey);
  const { error } = await stripe.redirectToCheckout({ sessionId });
  if (error) throw new Error(error.message?.trim() || PAYMENT_ERRORS.redirectFailed);
}

/**
 * Sends the browser to the checkout of a top-up reply: the hosted `url` whenever there is one
 * (DECISIONS 9), else the session id; neither is PAYMENT_ERRORS.noCheckoutUrl (spec §5).
 */
export async function redirectToCheckout(
  reply: CheckoutReplyLike | undefined,
  sessionFallback: (sessionId: string) => Promise<void> = redirectWithSessionId,
): Promise<void> {
  if (reply?.url) {
    browserLocation.assign(reply.url);
    return;
  }
  const sessionId = reply?.sessionId ?? reply?.clientSecret;
  if (sessionId) {
    await sessionFallback(sessionId);
    return;
  }
  throw new Error(PAYMENT_ERRORS.noCheckoutUrl);
}
