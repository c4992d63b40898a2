import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { BILLING_MESSAGES, billingRpcErrorBody, billingRpcReplyError } from './billing-rpc.errors';
import { BILLING_RPC, DEMO_SESSION_ID_PATTERN, billingRpcPath } from './billing-rpc.constants';
import {
  BillingDemoSessionRequest,
  BillingReserveRequest,
  BillingTopUpRequest,
  BillingWebhookRequest,
} from './billing-rpc.requests';

async function propertiesFailing<T extends object>(
  cls: ClassConstructor<T>,
  plain: object,
): Promise<string[]> {
  const errors = await validate(plainToInstance(cls, plain));
  return errors.map((error) => error.property).sort();
}

describe('billing RPC contract', () => {
  it('names every pattern under billing.', () => {
    const patterns = Object.values(BILLING_RPC);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns.every((pattern) => pattern.startsWith('billing.'))).toBe(true);
  });

  it('serves each call at its own path', () => {
    expect(billingRpcPath(BILLING_RPC.reserve)).toBe('/rpc/billing.reserve');
  });

  it('takes the authenticated user id and a request id on every create call', async () => {
    expect(
      await propertiesFailing(BillingTopUpRequest, {
        userId: 1,
        packageId: 'tokens_50k',
        requestId: 'req-12345678',
      }),
    ).toEqual([]);
    expect(
      await propertiesFailing(BillingTopUpRequest, { userId: 0, packageId: 'tokens_9m', requestId: 'x' }),
    ).toEqual(['packageId', 'requestId', 'userId']);
  });

  it('bounds reservations', async () => {
    expect(
      await propertiesFailing(BillingReserveRequest, { userId: 1e300, questionId: 2 ** 31, maxTokens: 4000 }),
    ).toEqual(['questionId', 'userId']);
    expect(
      await propertiesFailing(BillingReserveRequest, { userId: 1, questionId: 2, maxTokens: 4000 }),
    ).toEqual([]);
    expect(
      await propertiesFailing(BillingReserveRequest, { userId: 1, questionId: 2, maxTokens: 0 }),
    ).toEqual(['maxTokens']);
  });

  it('carries the webhook body with its encoding, the signature being optional (billing answers 400)', async () => {
    expect(await propertiesFailing(BillingWebhookRequest, { rawBody: 'e30=', encoding: 'base64' })).toEqual(
      [],
    );
    expect(await propertiesFailing(BillingWebhookRequest, { rawBody: '{}', encoding: 'latin1' })).toEqual([
      'encoding',
    ]);
  });

  it('accepts only demo session ids', async () => {
    expect(DEMO_SESSION_ID_PATTERN.test('cs_demo_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(true);
    expect(await propertiesFailing(BillingDemoSessionRequest, { userId: 1, id: 'cs_test_123' })).toEqual([
      'id',
    ]);
  });

  it('turns whatever the RPC failed with into the error body the gateway answers', () => {
    const body = { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' };
    expect(billingRpcErrorBody(body)).toBe(body);
    expect(billingRpcErrorBody(new Error('Timeout has occurred'))).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: BILLING_MESSAGES.billingUnavailable,
    });
    expect(billingRpcErrorBody({ status: 'error', message: 'Internal server error' })).toMatchObject({
      statusCode: 503,
    });
  });

  it('passes on billing’s answer only when it is billing’s own error body', () => {
    const body = { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' };
    const unavailable = {
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: BILLING_MESSAGES.billingUnavailable,
    };
    expect(billingRpcReplyError(402, body)).toBe(body);
    expect(billingRpcReplyError(502, '<html>Bad gateway</html>')).toEqual(unavailable);
    expect(billingRpcReplyError(400, body)).toEqual(unavailable);
    // A wrong BILLING_RPC_SECRET is the operator's problem, never a "sign in" for the user.
    expect(billingRpcReplyError(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' })).toEqual(
      unavailable,
    );
  });
});
