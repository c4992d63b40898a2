// Share-dialog defaults of spec §5, used by the dialog's pre-fill and by the server when a field is
// left out, so both produce the same title and description.

import {
  SHARE_DESCRIPTION_MAX,
  SHARE_EXPIRY_OPTIONS,
  SHARE_TITLE_MAX,
  type ShareExpiry,
} from '../limits/limits.constants';

interface ShareSource {
  question: string;
  shareTitle?: string | null;
  shareDescription?: string | null;
}

/** The saved title, else the question's first 100 characters. */
export function defaultShareTitle(source: ShareSource): string {
  return source.shareTitle?.trim() ? source.shareTitle : firstCharacters(source.question, SHARE_TITLE_MAX);
}

/** The saved description, else the question's first 200 characters. */
export function defaultShareDescription(source: ShareSource): string {
  return source.shareDescription?.trim()
    ? source.shareDescription
    : firstCharacters(source.question, SHARE_DESCRIPTION_MAX);
}

/** When a link made at `now` stops working; null for a link that does not expire. */
export function shareExpiresAt(expiry: ShareExpiry, now: Date): Date | null {
  const days = SHARE_EXPIRY_OPTIONS.find((option) => option.id === expiry)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

/** Counts code points, so a cut never splits an emoji into a broken half. */
function firstCharacters(text: string, count: number): string {
  return Array.from(text).slice(0, count).join('');
}
