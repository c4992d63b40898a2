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

/** The saved title, else the question in at most 100 characters (DECISIONS 20). */
export function defaultShareTitle(source: ShareSource): string {
  return source.shareTitle?.trim() ? source.shareTitle : cutAtWord(source.question, SHARE_TITLE_MAX);
}

/** The saved description, else the question in at most 200 characters (DECISIONS 20). */
export function defaultShareDescription(source: ShareSource): string {
  return source.shareDescription?.trim()
    ? source.shareDescription
    : cutAtWord(source.question, SHARE_DESCRIPTION_MAX);
}

/**
 * Whether a shared page's description only repeats its question (the default, or the question
 * itself): the page then shows the question once, in its own section.
 */
export function descriptionRepeatsQuestion(
  description: string | null | undefined,
  question: string,
): boolean {
  const text = description?.trim();
  if (!text) return false;
  return text === question.trim() || text === cutAtWord(question, SHARE_DESCRIPTION_MAX);
}

/** When a link made at `now` stops working; null for a link that does not expire. */
export function shareExpiresAt(expiry: ShareExpiry, now: Date): Date | null {
  const days = SHARE_EXPIRY_OPTIONS.find((option) => option.id === expiry)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

/**
 * The text in at most `max` characters: whole when it fits, else cut at the last word boundary
 * (when one falls in the second half) with an ellipsis. Counts code points, so a cut never splits an
 * emoji into a broken half.
 */
export function cutAtWord(text: string, max: number): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  const room = characters.slice(0, max - 1).join('');
  // The room ends a word when the next character is a space; else back off to the last space.
  const endsWord = /\s/u.test(characters[max - 1] ?? '');
  const boundary = room.search(/\s\S*$/u);
  const cut = endsWord || boundary <= room.length / 2 ? room : room.slice(0, boundary);
  return `${cut.replace(/[\s.,;:!?\-–—]+$/u, '')}…`;
}
