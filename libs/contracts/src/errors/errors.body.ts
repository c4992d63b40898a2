// The one error shape every server returns, and the client's side of spec §7's error convention.

import { type ErrorCode, isErrorCode } from './errors.codes';

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  /** Human-readable; shown verbatim in "Error" toasts. */
  message: string;
  /**
   * On a server error (5xx) only: the request's id, which is its trace id when tracing is on, so
   * an operator finds its log lines and its trace (docs/operations.md, "Tracing").
   */
  requestId?: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.statusCode === 'number' && isErrorCode(body.code) && typeof body.message === 'string';
}

/** Spec §7: a non-OK response becomes an error whose message is "<status>: <body text or status text>". */
export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

export interface ParsedHttpError {
  /** Null when the message did not come from an HTTP response (e.g. a network failure). */
  status: number | null;
  /** The server's error body, when the text was one. */
  body: ErrorBody | null;
  /** What to show a user: the body's message, else the text after the status, else the whole message. */
  detail: string;
}

/** Reverses httpErrorMessage, so the web can branch on `code` and show the server's own message. */
export function parseHttpErrorMessage(message: string): ParsedHttpError {
  const match = /^(\d{3}): ([\s\S]*)$/.exec(message);
  if (!match) return { status: null, body: null, detail: message };
  const status = Number(match[1]);
  const rest = match[2] ?? '';
  const body = parseErrorBody(rest);
  return { status, body, detail: body ? body.message : rest };
}

export function parseErrorBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isErrorBody(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
