// Pure helpers of the history module: the page cursor and the "Shared" badge.

import { VALIDATION_MESSAGES } from '@council/contracts';
import { DomainException } from '@council/server-kit';

/**
 * Where a page ended: the last question's createdAt as PostgreSQL wrote it (microseconds, UTC) and
 * its id. The text keeps all six fraction digits, because a JavaScript Date would round them to
 * milliseconds and the next page would then skip or repeat questions made in the same millisecond.
 */
export interface HistoryCursor {
  createdAt: string;
  id: number;
}

/** `createdAt` as the SQL of the history query renders it (see HISTORY_CURSOR_AT_SQL). */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** Largest value of the integer id columns; a bigger number would fail in PostgreSQL with a 500. */
export const MAX_QUESTION_ID = 2_147_483_647;

/** Renders a question's createdAt for the cursor; pairs with CURSOR_TIME. */
export const HISTORY_CURSOR_AT_SQL = `to_char(q."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** Throws VALIDATION_FAILED (400) for anything encodeHistoryCursor did not produce. */
export function decodeHistoryCursor(value: string): HistoryCursor {
  const [createdAt = '', id = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const numericId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (
    rest.length > 0 ||
    !CURSOR_TIME.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    !Number.isInteger(numericId) ||
    numericId < 1 ||
    numericId > MAX_QUESTION_ID
  ) {
    throw new DomainException('VALIDATION_FAILED', VALIDATION_MESSAGES.historyCursorInvalid);
  }
  return { createdAt, id: numericId };
}

/**
 * The "Shared" badge: the question has a link that works right now. An expired link keeps its id
 * (sharing again revives the same URL) but no longer counts as shared.
 */
export function isShareActive(
  question: { isShared: boolean; shareId: string | null; shareExpiresAt: Date | null },
  now: Date,
): boolean {
  return (
    question.isShared &&
    question.shareId !== null &&
    (question.shareExpiresAt === null || question.shareExpiresAt.getTime() > now.getTime())
  );
}
