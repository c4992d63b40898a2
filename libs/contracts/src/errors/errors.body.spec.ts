import { httpErrorMessage, isErrorBody, parseErrorBody, parseHttpErrorMessage } from './errors.body';
import { ALL_ERROR_CODES, ERROR_CODES, isErrorCode } from './errors.codes';

describe('error codes', () => {
  it('maps each key to itself', () => {
    for (const [key, value] of Object.entries(ERROR_CODES)) expect(value).toBe(key);
  });

  it('lists the codes the servers use', () => {
    expect([...ALL_ERROR_CODES].sort()).toEqual(
      [
        'VALIDATION_FAILED',
        'MALFORMED_JSON',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'NOT_FOUND',
        'UNAUTHENTICATED',
        'FORBIDDEN',
        'CONFLICT',
        'RATE_LIMITED',
        'INSUFFICIENT_TOKENS',
        'NO_FREE_QUERIES',
        'NO_MODEL_CONFIGURED',
        'PREMIUM_FEATURE',
        'SERVICE_UNAVAILABLE',
        'INTERNAL',
      ].sort(),
    );
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('not_found')).toBe(false);
  });
});

describe('error bodies', () => {
  const body = { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' };

  it('recognises the { statusCode, code, message } shape', () => {
    expect(isErrorBody(body)).toBe(true);
    expect(isErrorBody({ ...body, code: 'NOPE' })).toBe(false);
    expect(isErrorBody({ statusCode: '402', code: 'INTERNAL', message: '' })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
    expect(parseErrorBody('not json')).toBeNull();
  });

  it('builds the spec §7 message: status, colon, body text or status text', () => {
    expect(httpErrorMessage(404, 'gone', 'Not Found')).toBe('404: gone');
    expect(httpErrorMessage(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });

  it('reads our body back out of such a message', () => {
    const parsed = parseHttpErrorMessage(httpErrorMessage(402, JSON.stringify(body), 'Payment Required'));
    expect(parsed).toEqual({ status: 402, body, detail: 'Not enough tokens' });
  });

  it('keeps other messages whole', () => {
    expect(parseHttpErrorMessage('500: Internal Server Error')).toEqual({
      status: 500,
      body: null,
      detail: 'Internal Server Error',
    });
    expect(parseHttpErrorMessage('Failed to fetch')).toEqual({
      status: null,
      body: null,
      detail: 'Failed to fetch',
    });
  });
});
