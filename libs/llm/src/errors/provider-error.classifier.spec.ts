import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { IncompleteStreamError, LlmAbortedError, StreamStalledError } from './llm.errors';
import { classifyProviderError, retryAfterMs } from './provider-error.classifier';

const openAiError = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  OpenAI.APIError.generate(status, { error }, undefined, new Headers(headers));
const anthropicError = (
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
) =>
  Anthropic.APIError.generate(
    status,
    { type: 'error', error: { type, message } },
    undefined,
    new Headers(headers),
  );
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('classifyProviderError', () => {
  it('retries a 429 after the Retry-After the provider asked for', () => {
    const error = openAiError(
      429,
      { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      { 'retry-after': '7' },
    );
    expect(classifyProviderError(error, 'openai')).toEqual({
      retryable: true,
      retryAfterMs: 7000,
      reason: 'rate_limited',
      userMessage: expect.stringContaining('OpenAI'),
    });
    const anthropic = anthropicError(429, 'rate_limit_error', 'Slow down', { 'retry-after': '2' });
    expect(classifyProviderError(anthropic, 'anthropic')).toMatchObject({
      retryable: true,
      retryAfterMs: 2000,
    });
  });

  it('prefers retry-after-ms and leaves retryAfterMs out when there is no header', () => {
    const both = openAiError(429, { message: 'slow' }, { 'retry-after': '7', 'retry-after-ms': '1500' });
    expect(classifyProviderError(both).retryAfterMs).toBe(1500);
    expect(classifyProviderError(openAiError(429, { message: 'slow' }))).not.toHaveProperty('retryAfterMs');
  });

  it('retries 5xx and Anthropic 529 overloaded', () => {
    expect(classifyProviderError(openAiError(500, { message: 'boom', type: 'server_error' }))).toMatchObject({
      retryable: true,
      reason: 'server_error',
    });
    expect(classifyProviderError(openAiError(503, { message: 'unavailable' }))).toMatchObject({
      retryable: true,
    });
    expect(
      classifyProviderError(anthropicError(529, 'overloaded_error', 'Overloaded'), 'anthropic'),
    ).toMatchObject({
      retryable: true,
      reason: 'overloaded',
    });
  });

  it('rejects 400, 403 and 404 for good', () => {
    expect(
      classifyProviderError(openAiError(400, { message: 'bad', type: 'invalid_request_error' })),
    ).toMatchObject({
      retryable: false,
      reason: 'bad_request',
    });
    expect(classifyProviderError(anthropicError(403, 'permission_error', 'no'))).toMatchObject({
      retryable: false,
      reason: 'forbidden',
    });
    expect(classifyProviderError(openAiError(404, { message: 'no such model' }))).toMatchObject({
      retryable: false,
      reason: 'not_found',
    });
  });

  it('rejects a 401 with a message naming the provider', () => {
    const result = classifyProviderError(
      openAiError(401, { message: 'Incorrect API key', code: 'invalid_api_key' }),
      'xai',
    );
    expect(result).toMatchObject({ retryable: false, reason: 'unauthorized' });
    expect(result.userMessage).toMatch(/^The xAI API key was rejected/);
    expect(
      classifyProviderError(anthropicError(401, 'authentication_error', 'invalid x-api-key'), 'anthropic')
        .userMessage,
    ).toMatch(/^The Anthropic API key was rejected/);
  });

  it('does not retry spend-limit and insufficient-quota errors, even as 429', () => {
    const quota = openAiError(
      429,
      { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
      { 'retry-after': '1' },
    );
    expect(classifyProviderError(quota, 'openai')).toMatchObject({
      retryable: false,
      reason: 'quota_exceeded',
    });
    const credit = anthropicError(
      400,
      'invalid_request_error',
      'Your credit balance is too low to access the Anthropic API.',
    );
    expect(classifyProviderError(credit, 'anthropic')).toMatchObject({
      retryable: false,
      reason: 'quota_exceeded',
    });
    const spend = openAiError(403, { message: 'Your team has reached its monthly spending limit.' });
    expect(classifyProviderError(spend, 'xai')).toMatchObject({ retryable: false, reason: 'quota_exceeded' });
  });

  it('retries error events that arrive after a 200', () => {
    const openai = new OpenAI.APIError(
      undefined,
      { message: 'server error', type: 'server_error' },
      undefined,
      new Headers(),
    );
    expect(classifyProviderError(openai)).toMatchObject({ retryable: true, reason: 'stream_error' });
    const overloaded = new Anthropic.APIError(
      undefined,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      undefined,
      new Headers(),
      'overloaded_error',
    );
    expect(classifyProviderError(overloaded)).toMatchObject({ retryable: true, reason: 'overloaded' });
    const invalid = new Anthropic.APIError(
      undefined,
      { type: 'error', error: { type: 'invalid_request_error', message: 'bad' } },
      undefined,
      new Headers(),
      'invalid_request_error',
    );
    expect(classifyProviderError(invalid)).toMatchObject({ retryable: false });
  });

  it('retries network failures, down the cause chain', () => {
    expect(
      classifyProviderError(
        new TypeError('fetch failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
      ),
    ).toMatchObject({
      retryable: true,
      reason: 'network',
    });
    expect(
      classifyProviderError(
        new TypeError('terminated', { cause: withCode('other side closed', 'UND_ERR_SOCKET') }),
      ),
    ).toMatchObject({
      retryable: true,
      reason: 'network',
    });
    expect(
      classifyProviderError(new OpenAI.APIConnectionError({ cause: new Error('fetch failed') })),
    ).toMatchObject({ retryable: true, reason: 'network' });
    expect(classifyProviderError(new Anthropic.APIConnectionTimeoutError())).toMatchObject({
      retryable: true,
      reason: 'network',
    });
  });

  it('retries stalled and cut-short streams', () => {
    expect(classifyProviderError(new StreamStalledError(30_000), 'openai')).toMatchObject({
      retryable: true,
      reason: 'stalled',
    });
    expect(classifyProviderError(new IncompleteStreamError())).toMatchObject({
      retryable: true,
      reason: 'incomplete',
    });
  });

  it('does not retry an abort by the caller, nor an unknown error', () => {
    expect(classifyProviderError(new LlmAbortedError())).toMatchObject({
      retryable: false,
      reason: 'aborted',
    });
    expect(classifyProviderError(new OpenAI.APIUserAbortError())).toMatchObject({
      retryable: false,
      reason: 'aborted',
    });
    const controller = new AbortController();
    controller.abort();
    expect(classifyProviderError(controller.signal.reason)).toMatchObject({
      retryable: false,
      reason: 'aborted',
    });
    expect(classifyProviderError(new RangeError('bug'))).toMatchObject({
      retryable: false,
      reason: 'unknown',
    });
    expect(classifyProviderError('a string')).toMatchObject({ retryable: false, reason: 'unknown' });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, milliseconds and HTTP dates from Headers or plain objects', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }))).toBe(500);
    expect(retryAfterMs({ 'Retry-After': '3' })).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
