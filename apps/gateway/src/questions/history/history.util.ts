// Pure helpers of the history module: the page cursor and the "Shared" badge.

import { ID_MAX, VALIDATION_MESSAGES } from '@council/contracts';
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
const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
/** Largest value of the integer id columns; a bigger number would fail in PostgreSQL with a 500. */
export const MAX_QUESTION_ID = ID_MAX;

/**
 * Whether PostgreSQL's timestamptz input takes the cursor's time as the instant it names. JavaScript's
 * Date.parse rolls 2026-02-30 over to March and takes year 0; PostgreSQL refuses both (a 500 if
 * they reached it). The cursor is ours (to_char of a stored timestamp), so only real calendar
 * dates from year 1 to 9999 and times 00:00:00 to 23:59:59 are accepted: a subset of what
 * PostgreSQL reads, with nothing it would refuse or reinterpret.
 */
export function isCursorTime(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
    return false;
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Renders a conversation's lastTurnAt (the list's order) for the cursor; pairs with CURSOR_TIME.
 * The cursor field keeps its name `createdAt`: it is the time the page is ordered by.
 */
export const HISTORY_CURSOR_AT_SQL = `to_char(q."lastTurnAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** Throws VALIDATION_FAILED (400) for anything encodeHistoryCursor did not produce. */
export function decodeHistoryCursor(value: string): HistoryCursor {
  const [createdAt = '', id = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const numericId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (
    rest.length > 0 ||
    !isCursorTime(createdAt) ||
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
