import { Logger } from '@nestjs/common';
import { type ClientProxy } from '@nestjs/microservices';
import { BILLING_MESSAGES, BILLING_RPC, BILLING_REQUEST_ID_PATTERN } from '@council/contracts';
import { toErrorBody } from '@council/server-kit';
import { NEVER, type Observable, of, throwError } from 'rxjs';
import { GatewayEnv } from '../config/gateway.env';
import { BillingClient, createBillingRpcClient } from './billing.client';
import { BillingRpcException } from './billing.exception';

interface Sent {
  pattern: string;
  payload: Record<string, unknown>;
}

/** A ClientProxy whose `send` answers with whatever the test says, recording every call. */
function fakeProxy(answer: (pattern: string) => Observable<unknown>) {
  const sent: Sent[] = [];
  const proxy = {
    send: (pattern: string, payload: Record<string, unknown>) => {
      sent.push({ pattern, payload });
      return answer(pattern);
    },
    connect: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { sent, proxy: proxy as unknown as ClientProxy };
}

function clientWith(answer: (pattern: string) => Observable<unknown>, timeoutMs = 1000) {
  const env = Object.assign(new GatewayEnv(), { BILLING_RPC_TIMEOUT_MS: timeoutMs });
  const { sent, proxy } = fakeProxy(answer);
  return { sent, client: new BillingClient(proxy, env) };
}

async function failureOf(promise: Promise<unknown>): Promise<BillingRpcException> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BillingRpcException);
  return error as BillingRpcException;
}

describe('BillingClient', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('sends the user id and returns billing’s reply', async () => {
    const reply = { url: 'https://checkout.stripe.test/c/pay/cs_1', sessionId: 'cs_1' };
    const { sent, client } = clientWith(() => of(reply));
    await expect(client.topUp(7, 'tokens_50k')).resolves.toEqual(reply);
    expect(sent).toEqual([
      {
        pattern: BILLING_RPC.topUpCreate,
        payload: { userId: 7, packageId: 'tokens_50k', requestId: expect.any(String) },
      },
    ]);
  });

  it('gives every create call a fresh requestId billing accepts', async () => {
    const { sent, client } = clientWith(() => of({ url: 'https://x.test' }));
    await client.topUp(1, 'tokens_50k');
    await client.topUp(1, 'tokens_50k');
    await client.subscribe(1, 'premium');
    await client.portal(1, undefined);
    const ids = sent.map((call) => call.payload.requestId);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(BILLING_REQUEST_ID_PATTERN);
  });

  it('sends exactly the contract’s fields (billing refuses unknown ones)', async () => {
    const { sent, client } = clientWith(() => of({}));
    await client.subscription(3);
    await client.portal(3, undefined);
    await client.portal(3, 'http://localhost:3000/subscription');
    await client.demoSession(3, 'cs_demo_abc');
    await client.confirmDemo(3, 'cs_demo_abc');
    await client.reserve(3, 11, 4000);
    await client.release(3, 11);
    expect(sent.map((call) => [call.pattern, Object.keys(call.payload).sort()])).toEqual([
      [BILLING_RPC.subscriptionGet, ['userId']],
      [BILLING_RPC.portalCreate, ['requestId', 'userId']],
      [BILLING_RPC.portalCreate, ['requestId', 'returnUrl', 'userId']],
      [BILLING_RPC.demoGet, ['id', 'userId']],
      [BILLING_RPC.demoConfirm, ['id', 'userId']],
      [BILLING_RPC.reserve, ['maxTokens', 'questionId', 'userId']],
      [BILLING_RPC.release, ['questionId', 'userId']],
    ]);
  });

  it('passes the webhook body on as the exact bytes, base64, with the signature', async () => {
    const { sent, client } = clientWith(() => of({ received: true, eventId: 'evt_1', duplicate: false }));
    const raw = Buffer.from('{\n\t"b": 1,   "a": 2\n}');
    await client.receiveWebhook(raw, 't=1,v1=sig');
    expect(sent[0]?.payload).toEqual({
      rawBody: raw.toString('base64'),
      encoding: 'base64',
      signature: 't=1,v1=sig',
    });
  });

  it('answers billing’s error with its status and body unchanged', async () => {
    const body = { statusCode: 400, code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.noBillingAccount };
    const { client } = clientWith(() => throwError(() => body));
    const error = await failureOf(client.portal(1, undefined));
    expect(error.getStatus()).toBe(400);
    expect(toErrorBody(error)).toEqual(body);
  });

  it('answers 503 when billing does not reply in time', async () => {
    const { client } = clientWith(() => NEVER, 50);
    const started = Date.now();
    const error = await failureOf(client.subscription(1));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(toErrorBody(error)).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: BILLING_MESSAGES.billingUnavailable,
    });
  });

  it('answers 503 when the transport fails or completes without a reply', async () => {
    const lost = clientWith(() => throwError(() => new Error('Connection closed')));
    expect((await failureOf(lost.client.health())).getStatus()).toBe(503);
    const empty = clientWith(() => of());
    expect((await failureOf(empty.client.health())).getStatus()).toBe(503);
  });
});

describe('createBillingRpcClient', () => {
  it('reconnects in place forever (Nest routes replies only on the first connection it subscribed)', () => {
    const env = Object.assign(new GatewayEnv(), { REDIS_URL: 'redis://:secret@redis.internal:6380/2' });
    const client = createBillingRpcClient(env) as unknown as { options: Record<string, unknown> };
    expect(client.options).toMatchObject({
      host: 'redis.internal',
      port: 6380,
      password: 'secret',
      db: 2,
      retryAttempts: Number.MAX_SAFE_INTEGER,
      retryDelay: expect.any(Number),
    });
  });
});
