import { errorMessage } from '@council/contracts';
import { ApiError } from './api-client';

/**
 * What to show a user for a failed call: the `message` of a `{ statusCode, code, message }` body,
 * else the body text, else the error's message ("Failed to fetch" for a network failure). Spec §8's
 * "with the error message" toasts use it; the login and registration mappings match on the full
 * `errorMessage` instead, as the spec says.
 */
export function errorDetail(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage(error);
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message.trim()) return message;
      if (Array.isArray(message) && message.every((item) => typeof item === 'string')) {
        return message.join(' ');
      }
    }
  } catch {
    // A plain-text body: shown as it is.
  }
  return error.bodyText.trim() || error.message;
}
