import { Logger } from '@nestjs/common';
import { BILLING_MESSAGES, BILLING_RPC, BILLING_REQUEST_ID_PATTERN } from '@council/contracts';
import { type RpcAnswer, RpcTransportError, toErrorBody } from '@council/server-kit';
import { BillingClient, type BillingRpcTransport } from './billing.client';
import { BillingRpcException } from './billing.exception';

interface Sent {
  pattern: string;
  payload: object;
}

/** A transport whose `call` answers with whatever the test says, recording every call. */
function clientWith(answer: (pattern: string) => Promise<RpcAnswer<unknown>>) {
  const sent: Sent[] = [];
  const transport = {
    call: (pattern: string, payload: object) => {
      sent.push({ pattern, payload });
      return answer(pattern);
    },
    close: () => Promise.resolve(),
  };
  return { sent, client: new BillingClient(transport as BillingRpcTransport) };
}

const reply = (value: unknown) => () => Promise.resolve<RpcAnswer<unknown>>({ ok: true, reply: value });
const refusal = (status: number, body: unknown) => () =>
  Promise.resolve<RpcAnswer<unknown>>({ ok: false, status, body });

const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: BILLING_MESSAGES.billingUnavailable,
};

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
    const checkout = { url: 'https://checkout.stripe.test/c/pay/cs_1', sessionId: 'cs_1' };
    const { sent, client } = clientWith(reply(checkout));
    await expect(client.topUp(7, 'tokens_50k')).resolves.toEqual(checkout);
    expect(sent).toEqual([
      {
        pattern: BILLING_RPC.topUpCreate,
        payload: { userId: 7, packageId: 'tokens_50k', requestId: expect.any(String) },
      },
    ]);
  });

  it('gives every create call a fresh requestId billing accepts', async () => {
    const { sent, client } = clientWith(reply({ url: 'https://x.test' }));
    await client.topUp(1, 'tokens_50k');
    await client.topUp(1, 'tokens_50k');
    await client.subscribe(1, 'premium');
    await client.portal(1, undefined);
    const ids = sent.map((call) => (call.payload as { requestId?: string }).requestId);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(BILLING_REQUEST_ID_PATTERN);
  });

  it('sends exactly the contract’s fields (billing refuses unknown ones)', async () => {
    const { sent, client } = clientWith(reply({}));
    await client.subscription(3);
    await client.portal(3, undefined);
    await client.portal(3, 'http://localhost:3000/subscription');
    await client.demoSession(3, 'cs_demo_abc');
    await client.confirmDemo(3, 'cs_demo_abc');
    await client.reserve(3, 11, { maxTokens: 4000, capped: false, pauseHold: null });
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

  it('passes the webhook body on as the exact bytes, UTF-8 text as itself, with the signature', async () => {
    const { sent, client } = clientWith(reply({ received: true, eventId: 'evt_1', duplicate: false }));
    const raw = Buffer.from('{\n\t"b": 1,   "a": 2\n}');
    await client.receiveWebhook(raw, 't=1,v1=sig');
    expect(sent[0]?.payload).toEqual({
      rawBody: raw.toString('utf8'),
      encoding: 'utf8',
      signature: 't=1,v1=sig',
    });
  });

  it('answers billing’s refusal with its status and body unchanged', async () => {
    const body = { statusCode: 400, code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.noBillingAccount };
    const { client } = clientWith(refusal(400, body));
    const error = await failureOf(client.portal(1, undefined));
    expect(error.getStatus()).toBe(400);
    expect(toErrorBody(error)).toEqual(body);
    const broke = { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' };
    const reserve = await failureOf(
      clientWith(refusal(402, broke)).client.reserve(1, 2, {
        maxTokens: 100,
        capped: false,
        pauseHold: null,
      }),
    );
    expect(toErrorBody(reserve)).toEqual(broke);
  });

  it('answers 503 when billing does not answer in time or the connection fails', async () => {
    const late = clientWith(() => Promise.reject(new RpcTransportError('no answer within 50 ms', true)));
    expect(toErrorBody(await failureOf(late.client.subscription(1)))).toEqual(UNAVAILABLE);
    const lost = clientWith(() => Promise.reject(new RpcTransportError('ECONNREFUSED', false)));
    expect((await failureOf(lost.client.health())).getStatus()).toBe(503);
  });

  it('answers 503, never a sign-in, when billing refuses the gateway’s secret', async () => {
    const body = { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Internal RPC needs the secret' };
    const { client } = clientWith(refusal(401, body));
    expect(
      toErrorBody(await failureOf(client.reserve(1, 2, { maxTokens: 100, capped: false, pauseHold: null }))),
    ).toEqual(UNAVAILABLE);
  });

  it('answers 503 for whatever is not billing’s own error body (a proxy’s page)', async () => {
    const { client } = clientWith(refusal(502, '<html>Bad Gateway</html>'));
    expect(toErrorBody(await failureOf(client.subscription(1)))).toEqual(UNAVAILABLE);
  });
});
