// Messages of requests refused before any route sees them (the shared request pipeline in
// server-kit and the gateway's socket), so a client learns what to change.

import {
  REQUEST_BODY_MAX_DEPTH,
  REQUEST_BODY_MAX_VALUES,
  REQUEST_CONTAINER_MAX_ENTRIES,
  SOCKET_SUBSCRIPTIONS_MAX,
} from '../limits/limits.constants';

export const REQUEST_MESSAGES = {
  malformedJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  badBody: 'Request body could not be read',
  /** Content-Encoding named a compression the bytes are not in (or a truncated stream). */
  undecodableBody: 'Request body could not be decoded: its Content-Encoding does not match its bytes',
  unsupportedEncoding: 'Content-Encoding is not supported; send gzip, deflate, br or identity',
  unsupportedCharset: 'Request body charset is not supported; send UTF-8',
  /** Anything but application/json on a JSON route. */
  unsupportedMediaType: 'Content-Type must be application/json',
  /** Only the OAuth form_post callback reads a form. */
  unsupportedFormMediaType: 'Content-Type must be application/x-www-form-urlencoded',
  tooDeep: `Request body is nested too deeply (at most ${REQUEST_BODY_MAX_DEPTH} levels)`,
  /** `where` names the object or list: "body", "body.agents". */
  tooManyEntries: (where: string): string =>
    `${where} has too many fields or items (at most ${REQUEST_CONTAINER_MAX_ENTRIES})`,
  tooManyValues: `Request body holds too many values (at most ${REQUEST_BODY_MAX_VALUES})`,
  /** `where` names the field: "body.username", "query.search", "param.shareId". */
  nullCharacter: (where: string): string => `${where} cannot contain null characters (U+0000)`,
  loneSurrogate: (where: string): string =>
    `${where} is not valid Unicode text (it holds an unpaired surrogate)`,
  socketPayloadInvalid: 'The event payload must be a JSON object',
  socketRateLimited: 'Too many events on this connection. Please wait a moment and try again.',
  socketTooManySubscriptions: `A connection may follow at most ${SOCKET_SUBSCRIPTIONS_MAX} questions at once; unsubscribe from one first`,
} as const;
