import { ApiError } from './api-client';

/** The message of anything thrown: an Error's message, else its string form. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
