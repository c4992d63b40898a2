// The ask form's "Stop at N tokens" field (TOKEN_CAP): the text as typed, checked before asking.
// The rules are AskQuestionDto's own (class-validator, as the gateway's ValidationPipe runs them),
// so the form and the API cannot disagree; the balance rule is the gateway's, told inline here
// instead of as a 402 after the round trip.
import { AskQuestionDto, SERVER_MESSAGES, TOKEN_CAP, VALIDATION_MESSAGES } from '@council/contracts';
import { validateSync } from 'class-validator';

export type TokenCapCheck = { ok: true; cap: number | null } | { ok: false; error: string };

/** Digits, optionally grouped the en-GB way ("5,000"); anything else is left for the DTO to refuse. */
const WHOLE_NUMBER = /^(\d+|\d{1,3}(,\d{3})+)$/;

/** What the typed text means: blank is no limit; a whole number is a number; else the text itself. */
function readCap(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return WHOLE_NUMBER.test(trimmed) ? Number(trimmed.replace(/,/g, '')) : trimmed;
}

/** AskQuestionDto's message for this cap, or null when its rules accept it. */
function dtoError(cap: number | string): string | null {
  const dto = Object.assign(new AskQuestionDto(), { tokenCap: cap });
  // The other fields are not the cap's business: only the cap's own errors count.
  const error = validateSync(dto).find((candidate) => candidate.property === 'tokenCap');
  return error ? (Object.values(error.constraints ?? {})[0] ?? null) : null;
}

/**
 * The cap to send (null: no limit), or the message to show under the field. In the order the
 * asker meets them: a whole number, at least TOKEN_CAP.min, no more than the tokens left (signed
 * in), no more than TOKEN_CAP.max.
 */
export function checkTokenCap(text: string, tokensLeft: number | null): TokenCapCheck {
  const cap = readCap(text);
  if (cap === null) return { ok: true, cap: null };
  if (typeof cap === 'number' && cap >= TOKEN_CAP.min && tokensLeft !== null && cap > tokensLeft) {
    return { ok: false, error: SERVER_MESSAGES.tokenCapAboveBalance };
  }
  const error = dtoError(cap);
  if (error === null && typeof cap === 'number') return { ok: true, cap };
  return { ok: false, error: error ?? VALIDATION_MESSAGES.tokenCapInvalid };
}
