// Which §8 "Payments and plans" toast a failed billing action shows.
import {
  PAYMENT_ERRORS,
  PAYMENT_TOASTS,
  PRICING_TOASTS,
  type ToastText,
  toastWithMessage,
} from '@council/contracts';
import { ApiError } from '@/lib/api-client';

/** The `message` field of a JSON error body (spec §7 reads exactly that field), or null. */
export function serverMessage(error: ApiError): string | null {
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return null;
    const { message } = parsed;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length > 0 && message.every((item) => typeof item === 'string')) {
      return message.join(' ');
    }
  } catch {
    // Not JSON: no message to read.
  }
  return null;
}

/** fetch's own failure (offline, server unreachable): no message worth showing. */
const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/**
 * The message a failed purchase carries: the server's message, or PAYMENT_ERRORS.initiateFailed for
 * a non-OK answer without one; the checkout step's own message (no url, script, provider redirect);
 * null when there is nothing to say (a network failure).
 */
export function purchaseErrorMessage(error: unknown): string | null {
  if (error instanceof ApiError) return serverMessage(error) ?? PAYMENT_ERRORS.initiateFailed;
  if (isNetworkFailure(error)) return null;
  return error instanceof Error && error.message.trim() ? error.message : null;
}

/** The purchase dialog: "Payment failed" with the message, else "There was an error processing your payment". */
export function purchaseFailedToast(error: unknown): ToastText {
  return toastWithMessage(PAYMENT_TOASTS.failed, purchaseErrorMessage(error));
}

/**
 * The pricing screen's "Add to account": "Payment Error" with the server's (or the checkout step's)
 * message, else "Could not process payment"; a call that never reached the server is "Error" /
 * "Failed to process token top-up".
 */
export function topUpFailedToast(error: unknown): ToastText {
  if (isNetworkFailure(error)) return PRICING_TOASTS.topUpFailed;
  if (error instanceof ApiError) return toastWithMessage(PRICING_TOASTS.paymentError, serverMessage(error));
  return toastWithMessage(PRICING_TOASTS.paymentError, purchaseErrorMessage(error));
}
