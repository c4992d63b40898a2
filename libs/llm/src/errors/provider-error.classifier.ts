import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { providerLabel } from '@council/contracts';
import { type LlmProviderName } from '../llm.types';
import { StreamStalledError, IncompleteStreamError } from './llm.errors';

export type ProviderErrorReason =
  | 'rate_limited'
  | 'overloaded'
  | 'server_error'
  | 'network'
  | 'stalled'
  | 'incomplete'
  | 'stream_error'
  | 'unauthorized'
  | 'forbidden'
  | 'quota_exceeded'
  | 'bad_request'
  | 'not_found'
  | 'aborted'
  | 'unknown';

export interface ProviderErrorClassification {
  /** Worth another attempt (BullMQ backoff); false → fail the member for good (UnrecoverableError). */
  retryable: boolean;
  /** What the provider asked us to wait (Retry-After / retry-after-ms), uncapped: the caller caps it. */
  retryAfterMs?: number;
  reason: ProviderErrorReason;
  /** Safe to show to the user and to store as the response's `error`. */
  userMessage: string;
}

/** How error messages name a provider: "OpenAI", "Gemini", "Demo". */
export function providerErrorLabel(provider: LlmProviderName): string {
  return provider === 'demo' ? 'Demo' : providerLabel(provider);
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

const NETWORK_MESSAGE =
  /fetch failed|terminated|other side closed|socket hang up|connection error|timed out|premature close/i;
const QUOTA_CODES = new Set(['insufficient_quota', 'billing_hard_limit_reached', 'billing_error']);
const QUOTA_MESSAGE =
  /insufficient[_ ]quota|exceeded your current quota|credit balance|spending limit|spend limit|out of credits|billing/i;
const NON_RETRYABLE_TYPES = new Set([
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
]);

/**
 * Sorts a failure from a provider stream into retry-or-not, for the provider worker. Works on the
 * errors of both SDKs (APIError and its subclasses, connection errors), on undici/network errors,
 * and on this library's StreamStalledError / IncompleteStreamError / abort errors.
 *
 * Retryable: 408, 409, 429 (with Retry-After), 5xx, Anthropic 529, network errors, stalls, streams
 * cut short and error events after a 200. Not: 400, 401, 403, 404, 413, 422, spend limit / quota,
 * an abort by the caller, and anything unrecognised (a bug would only fail again).
 */
export function classifyProviderError(
  error: unknown,
  provider?: LlmProviderName,
): ProviderErrorClassification {
  const label = provider ? providerErrorLabel(provider) : 'The AI provider';
  const info = inspect(error);

  if (error instanceof StreamStalledError) {
    return retry('stalled', `${label} stopped sending the answer partway through.`);
  }
  if (error instanceof IncompleteStreamError) {
    return retry('incomplete', `${label} ended the answer before it was complete.`);
  }
  if (info.aborted) return fail('aborted', 'The answer was stopped before it was complete.');

  if (isQuotaError(info)) {
    return fail(
      'quota_exceeded',
      `The ${label} account has run out of credit or reached its spending limit, so this member could not answer.`,
    );
  }

  const status = info.status;
  if (status !== undefined) {
    if (status === 401) {
      return fail(
        'unauthorized',
        `The ${label} API key was rejected, so this member could not answer. The service operator needs to update the key.`,
      );
    }
    if (status === 403) {
      return fail('forbidden', `${label} refused access to this model with the configured API key.`);
    }
    if (status === 404) return fail('not_found', `${label} does not offer the requested model.`);
    if (status === 429) {
      return retry(
        'rate_limited',
        `${label} is receiving too many requests right now. Please try again in a moment.`,
        retryAfterMs(info.headers),
      );
    }
    if (status === 529) {
      return retry(
        'overloaded',
        `${label} is overloaded right now. Please try again in a moment.`,
        retryAfterMs(info.headers),
      );
    }
    if (status >= 500) {
      return retry('server_error', `${label} had a temporary server error.`, retryAfterMs(info.headers));
    }
    if (status === 408 || status === 409) {
      return retry('server_error', `${label} could not complete the request in time.`);
    }
    if (status >= 400) return fail('bad_request', `${label} could not process this request.`);
  }

  if (info.apiError) {
    // An error event in the body of a 200 response (status undefined).
    const type = info.types.find((value) => value !== 'error');
    if (type === 'overloaded_error') {
      return retry('overloaded', `${label} is overloaded right now. Please try again in a moment.`);
    }
    if (type === 'rate_limit_error' || type === 'rate_limit_exceeded') {
      return retry(
        'rate_limited',
        `${label} is receiving too many requests right now. Please try again in a moment.`,
      );
    }
    if (type && NON_RETRYABLE_TYPES.has(type)) {
      return fail('bad_request', `${label} could not process this request.`);
    }
    return retry('stream_error', `${label} reported an error while writing the answer.`);
  }

  if (
    info.connection ||
    info.codes.some((code) => NETWORK_CODES.has(code)) ||
    info.messages.some((m) => NETWORK_MESSAGE.test(m))
  ) {
    return retry('network', `Could not reach ${label}; the connection failed.`);
  }

  return fail('unknown', `${label} failed unexpectedly.`);
}

/** Milliseconds to wait from `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(headers: HeaderSource | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = readHeader(headers, 'retry-after-ms');
  if (ms !== undefined) {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const after = readHeader(headers, 'retry-after');
  if (after === undefined || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type HeaderSource = { get(name: string): string | null } | Readonly<Record<string, unknown>>;

interface ErrorInfo {
  status?: number;
  headers?: HeaderSource;
  apiError: boolean;
  connection: boolean;
  aborted: boolean;
  codes: string[];
  types: string[];
  messages: string[];
}

/** Reads what both SDKs and Node put on an error, down its `cause` chain, without trusting shapes. */
function inspect(error: unknown): ErrorInfo {
  const info: ErrorInfo = {
    apiError: false,
    connection: false,
    aborted: false,
    codes: [],
    types: [],
    messages: [],
  };
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (isObject(current) && !seen.has(current)) {
    seen.add(current);
    const name = stringField(current, 'name');
    if (current instanceof OpenAI.APIUserAbortError || current instanceof Anthropic.APIUserAbortError) {
      info.aborted = true;
    } else if (
      current instanceof OpenAI.APIConnectionError ||
      current instanceof Anthropic.APIConnectionError
    ) {
      info.connection = true;
    } else if (current instanceof OpenAI.APIError || current instanceof Anthropic.APIError) {
      // An HTTP error (status set) or an error event in the body of a 200 (status undefined).
      info.apiError = true;
    }
    if (name === 'AbortError') info.aborted = true;
    const status = current.status;
    if (info.status === undefined && typeof status === 'number') info.status = status;
    const headers = current.headers;
    if (info.headers === undefined && isHeaderSource(headers)) info.headers = headers;
    collectStrings(current, info);
    const body = current.error;
    if (isObject(body)) {
      collectStrings(body, info);
      if (isObject(body.error)) collectStrings(body.error, info);
    }
    current = current.cause;
  }
  return info;
}

function collectStrings(source: Record<string, unknown>, info: ErrorInfo): void {
  const code = source.code;
  if (typeof code === 'string') info.codes.push(code);
  const errorCode = source.errorCode;
  if (typeof errorCode === 'string') info.codes.push(errorCode);
  const type = source.type;
  if (typeof type === 'string') info.types.push(type);
  const message = source.message;
  if (typeof message === 'string') info.messages.push(message);
}

function isQuotaError(info: ErrorInfo): boolean {
  if (info.codes.some((code) => QUOTA_CODES.has(code)) || info.types.some((type) => QUOTA_CODES.has(type))) {
    return true;
  }
  const relevant = info.status === undefined || [400, 402, 403, 429].includes(info.status);
  return relevant && (info.status === 402 || info.messages.some((message) => QUOTA_MESSAGE.test(message)));
}

function retry(
  reason: ProviderErrorReason,
  userMessage: string,
  after?: number,
): ProviderErrorClassification {
  return after === undefined
    ? { retryable: true, reason, userMessage }
    : { retryable: true, retryAfterMs: after, reason, userMessage };
}

function fail(reason: ProviderErrorReason, userMessage: string): ProviderErrorClassification {
  return { retryable: false, reason, userMessage };
}

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    const value: unknown = (headers as { get(name: string): unknown }).get(name);
    return typeof value === 'string' ? value : undefined;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

function isHeaderSource(value: unknown): value is HeaderSource {
  return isObject(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringField(source: object, key: string): string | undefined {
  const value: unknown = (source as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
