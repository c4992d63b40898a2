import {
  CONTACT_TOASTS,
  type ContactDto,
  type ContactResponse,
  ERROR_CODES,
  SUPPORT_CONTACT_PATH,
  type ToastText,
  parseErrorBody,
} from '@council/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** POST /api/support/contact (DECISIONS 7). */
export function sendContactMessage(message: ContactDto): Promise<ContactResponse> {
  return api.post<ContactResponse>(SUPPORT_CONTACT_PATH, message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

/** Server messages worth showing as they are: they tell the visitor what to fix or when to retry. */
const EXPLAINED_CODES = new Set<string>([ERROR_CODES.VALIDATION_FAILED, ERROR_CODES.SERVICE_UNAVAILABLE]);

/** The toast for a failed send, chosen by the error body's `code`, never by its text. */
export function contactErrorToast(error: unknown): ToastText {
  if (!(error instanceof ApiError)) return CONTACT_TOASTS.failed;
  if (error.code === ERROR_CODES.RATE_LIMITED) return CONTACT_TOASTS.rateLimited;
  const body = parseErrorBody(error.bodyText);
  if (body && EXPLAINED_CODES.has(body.code) && body.message.trim()) {
    return { ...CONTACT_TOASTS.failed, description: body.message };
  }
  return CONTACT_TOASTS.failed;
}
