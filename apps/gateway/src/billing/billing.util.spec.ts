import {
  BILLING_MESSAGES,
  BILLING_REQUEST_ID_PATTERN,
  BILLING_RPC_BODY_LIMIT_BYTES,
} from '@council/contracts';
import {
  billingErrorBody,
  describeRpcFailure,
  isDemoPurchaseId,
  isDemoSessionId,
  isOwnUrl,
  newBillingRequestId,
  webhookRequest,
} from './billing.util';

const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: BILLING_MESSAGES.billingUnavailable,
};

describe('newBillingRequestId', () => {
  it('is a fresh id billing accepts, every time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newBillingRequestId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(BILLING_REQUEST_ID_PATTERN);
  });
});

describe('isOwnUrl', () => {
  const publicUrl = 'https://council.example';

  it('accepts any path, query or fragment on our origin', () => {
    expect(isOwnUrl('https://council.example/subscription', publicUrl)).toBe(true);
    expect(isOwnUrl('https://council.example/ask?x=1#top', publicUrl)).toBe(true);
    expect(isOwnUrl('https://COUNCIL.example:443/', publicUrl)).toBe(true);
    expect(isOwnUrl('http://localhost:3000/subscription', 'http://localhost:3000')).toBe(true);
  });

  it('refuses other origins, look-alikes and non-URLs', () => {
    for (const url of [
      'https://evil.example/subscription',
      'http://council.example/subscription',
      'https://council.example:8443/',
      'https://council.example.evil.example/',
      'https://council.example@evil.example/',
      '//evil.example/',
      '/subscription',
      'javascript:alert(1)',
      'data:text/html,hi',
      '',
    ]) {
      expect({ url, own: isOwnUrl(url, publicUrl) }).toEqual({ url, own: false });
    }
    expect(isOwnUrl('http://127.0.0.1:3000/', 'http://localhost:3000')).toBe(false);
  });
});

describe('isDemoSessionId', () => {
  it('knows demo checkout ids only', () => {
    expect(isDemoSessionId('cs_demo_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(true);
    expect(isDemoSessionId('cs_test_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(false);
    expect(isDemoSessionId('cs_demo_short')).toBe(false);
    expect(isDemoSessionId('cs_demo_AbCdEfGhIjKlMnOpQrStUvWx/../x')).toBe(false);
  });
});

describe('isDemoPurchaseId', () => {
  it('knows demo purchase (charge) ids only', () => {
    expect(isDemoPurchaseId('ch_demo_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(true);
    expect(isDemoPurchaseId('ch_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(false);
    expect(isDemoPurchaseId('cs_demo_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(false);
    expect(isDemoPurchaseId('ch_demo_AbCdEfGhIjKlMnOpQrStUvWx/../x')).toBe(false);
  });
});

describe('webhookRequest', () => {
  it('carries a UTF-8 body as the text it is, byte for byte', () => {
    const raw = Buffer.from('{\n  "id":"evt_1",  "b":"\u00e9\u{1F600}"\r\n}', 'utf8');
    const request = webhookRequest(raw, 't=1,v1=abc');
    expect(request).toEqual({ rawBody: raw.toString('utf8'), encoding: 'utf8', signature: 't=1,v1=abc' });
    expect(Buffer.from(request.rawBody, 'utf8').equals(raw)).toBe(true);
  });

  it('carries any other bytes in base64, exactly', () => {
    const raw = Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0xc3, 0x7d]);
    const request = webhookRequest(raw, 't=1,v1=abc');
    expect(request.encoding).toBe('base64');
    expect(Buffer.from(request.rawBody, 'base64').equals(raw)).toBe(true);
  });

  it('uses base64 for a body whose escaping could pass billing’s body limit', () => {
    const near = Buffer.alloc(Math.floor(BILLING_RPC_BODY_LIMIT_BYTES / 6), 0x61);
    expect(webhookRequest(near, 's').encoding).toBe('utf8');
    const over = Buffer.alloc(near.length + 1, 0x61);
    expect(webhookRequest(over, 's').encoding).toBe('base64');
  });
});

describe('billingErrorBody', () => {
  it('passes billing’s own error bodies through unchanged', () => {
    const body = { statusCode: 400, code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.noBillingAccount };
    expect(billingErrorBody(body)).toBe(body);
    expect(
      billingErrorBody({ statusCode: 404, code: 'NOT_FOUND', message: BILLING_MESSAGES.demoSessionNotFound }),
    ).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: BILLING_MESSAGES.demoSessionNotFound });
  });

  it('answers 503 when billing did not answer', () => {
    const timeout = new Error('Timeout has occurred');
    timeout.name = 'TimeoutError';
    expect(billingErrorBody(timeout)).toEqual(UNAVAILABLE);
    expect(billingErrorBody('Error: Connection lost. Trying to reconnect...')).toEqual(UNAVAILABLE);
    expect(billingErrorBody({ status: 'error', message: 'Internal server error' })).toEqual(UNAVAILABLE);
    expect(billingErrorBody(undefined)).toEqual(UNAVAILABLE);
  });

  it('never answers a success or made-up status for a failure', () => {
    expect(billingErrorBody({ statusCode: 200, code: 'INTERNAL', message: 'x' })).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: BILLING_MESSAGES.internal,
    });
    expect(billingErrorBody({ statusCode: 999, code: 'INTERNAL', message: 'x' })).toMatchObject({
      statusCode: 500,
    });
  });
});

describe('describeRpcFailure', () => {
  it('names the failure in one line', () => {
    expect(describeRpcFailure(new TypeError('boom'))).toBe('TypeError: boom');
    expect(describeRpcFailure('lost')).toBe('lost');
    expect(describeRpcFailure({ statusCode: 503 })).toBe('{"statusCode":503}');
    expect(describeRpcFailure(undefined)).toBe('undefined');
  });
});
