// What a client is told when its request body cannot be read: body-parser's failures, translated.

import { type ErrorCode, REQUEST_MESSAGES } from '@council/contracts';

export interface BodyErrorReply {
  code: ErrorCode;
  message: string;
}

/**
 * body-parser reports a failure as an http-errors error with a `status` and usually a `type`. A
 * zlib error (Content-Encoding: gzip on bytes that are not gzip) carries only status 400, so every
 * 4xx is translated; a 5xx (a bug of ours, such as a stream read twice) is not, and stays a 500.
 */
export function describeBodyError(
  type: string | undefined,
  status: number | undefined,
): BodyErrorReply | null {
  switch (type) {
    case 'entity.parse.failed':
      return { code: 'MALFORMED_JSON', message: REQUEST_MESSAGES.malformedJson };
    case 'entity.too.large':
    case 'parameters.too.many':
      return { code: 'PAYLOAD_TOO_LARGE', message: REQUEST_MESSAGES.payloadTooLarge };
    case 'encoding.unsupported':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: REQUEST_MESSAGES.unsupportedEncoding };
    case 'charset.unsupported':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: REQUEST_MESSAGES.unsupportedCharset };
    default:
      break;
  }
  if (status === undefined || status < 400 || status >= 500) return null;
  if (type === undefined) return { code: 'MALFORMED_JSON', message: REQUEST_MESSAGES.undecodableBody };
  return { code: 'VALIDATION_FAILED', message: REQUEST_MESSAGES.badBody };
}

/** The media type of a Content-Type header, lower-cased, without parameters; undefined when absent. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

/** A request carries a body when it says so: a non-zero Content-Length, or chunked transfer. */
export function sendsBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length.trim() !== '0';
}
