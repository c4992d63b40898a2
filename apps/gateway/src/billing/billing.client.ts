import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  BILLING_RPC,
  type BillingDemoConfirmReply,
  type BillingDemoPurchaseReply,
  type BillingDemoPurchasesReply,
  type BillingDemoSessionReply,
  type BillingHealthReply,
  type BillingPortalReply,
  type BillingReleaseReply,
  type BillingReserveReply,
  type BillingRpcCalls,
  type BillingRpcPattern,
  type BillingRpcReply,
  type BillingRpcRequest,
  type BillingSubscribeReply,
  type BillingSubscriptionReply,
  type BillingTopUpReply,
  type BillingWebhookReply,
  type SellableTier,
  type TokenPackId,
  type DemoAction,
  type DemoDisputeOutcome,
  type PortalFlow,
  billingRpcReplyError,
} from '@council/contracts';
import {
  DEVELOPMENT_RPC_SECRET,
  type HttpRpcClient,
  type MetricsService,
  type RpcAnswer,
  billingRpcRequestsCounter,
  createBillingRpcClient,
} from '@council/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { BILLING_RPC_CLIENT } from './billing.constants';
import { BillingRpcException } from './billing.exception';
import { billingErrorBody, describeRpcFailure, newBillingRequestId, webhookRequest } from './billing.util';

/** What BillingClient needs of the HTTP client (a fake in unit tests). */
export type BillingRpcTransport = Pick<HttpRpcClient<BillingRpcCalls>, 'call' | 'close'>;

/** The keep-alive HTTP client on BILLING_URL, the address that fronts every billing replica. */
export function billingRpcClientFor(
  env: GatewayEnv,
  metrics?: MetricsService,
): HttpRpcClient<BillingRpcCalls> {
  return createBillingRpcClient({
    baseUrl: env.BILLING_URL,
    secret: env.BILLING_RPC_SECRET ?? DEVELOPMENT_RPC_SECRET,
    timeoutMs: env.BILLING_RPC_TIMEOUT_MS,
    ...(metrics ? { requests: billingRpcRequestsCounter(metrics.registry) } : {}),
  });
}

/**
 * The gateway's side of the billing RPC (docs/billing-rpc.md). Every call carries the user id the
 * gateway authenticated, waits at most BILLING_RPC_TIMEOUT_MS, and fails with a BillingRpcException
 * that answers billing's own error body, or 503 SERVICE_UNAVAILABLE when billing did not answer.
 * Create calls get a fresh requestId each (one per user action).
 */
@Injectable()
export class BillingClient implements OnApplicationShutdown {
  private readonly logger = new Logger(BillingClient.name);

  constructor(@Inject(BILLING_RPC_CLIENT) private readonly client: BillingRpcTransport) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  health(): Promise<BillingHealthReply> {
    return this.call(BILLING_RPC.health, {});
  }

  subscription(userId: number): Promise<BillingSubscriptionReply> {
    return this.call(BILLING_RPC.subscriptionGet, { userId });
  }

  subscribe(userId: number, tier: SellableTier): Promise<BillingSubscribeReply> {
    return this.call(BILLING_RPC.subscriptionGetOrCreate, {
      userId,
      tier,
      requestId: newBillingRequestId(),
    });
  }

  /** `returnUrl` must already be known to be ours; absent, billing uses PUBLIC_URL/subscription. */
  portal(userId: number, returnUrl: string | undefined, flow?: PortalFlow): Promise<BillingPortalReply> {
    return this.call(BILLING_RPC.portalCreate, {
      userId,
      ...(returnUrl === undefined ? {} : { returnUrl }),
      ...(flow === undefined ? {} : { flow }),
      requestId: newBillingRequestId(),
    });
  }

  topUp(userId: number, packageId: TokenPackId): Promise<BillingTopUpReply> {
    return this.call(BILLING_RPC.topUpCreate, { userId, packageId, requestId: newBillingRequestId() });
  }

  /** The webhook body exactly as received (its signature covers these bytes). */
  receiveWebhook(rawBody: Buffer, signature: string): Promise<BillingWebhookReply> {
    return this.call(BILLING_RPC.webhookReceive, webhookRequest(rawBody, signature));
  }

  /**
   * For the council flow: hold tokens before a question is queued (402 on an empty balance).
   * `capped`: maxTokens is the asker's own limit, held in full or refused.
   */
  reserve(
    userId: number,
    questionId: number,
    hold: { maxTokens: number; capped: boolean; pauseHold: number | null },
  ): Promise<BillingReserveReply> {
    const { maxTokens, capped, pauseHold } = hold;
    return this.call(BILLING_RPC.reserve, {
      userId,
      questionId,
      maxTokens,
      ...(capped ? { capped } : {}),
      ...(pauseHold === null ? {} : { pauseHold }),
    });
  }

  /** For the council flow: give back what a question that could not be queued holds. */
  release(userId: number, questionId: number): Promise<BillingReleaseReply> {
    return this.call(BILLING_RPC.release, { userId, questionId });
  }

  demoSession(userId: number, id: string): Promise<BillingDemoSessionReply> {
    return this.call(BILLING_RPC.demoGet, { userId, id });
  }

  confirmDemo(userId: number, id: string, action?: DemoAction): Promise<BillingDemoConfirmReply> {
    return this.call(BILLING_RPC.demoConfirm, { userId, id, ...(action === undefined ? {} : { action }) });
  }

  demoPurchases(userId: number): Promise<BillingDemoPurchasesReply> {
    return this.call(BILLING_RPC.demoPurchases, { userId });
  }

  refundDemoPurchase(userId: number, id: string, amountPence?: number): Promise<BillingDemoPurchaseReply> {
    return this.call(BILLING_RPC.demoRefund, {
      userId,
      id,
      ...(amountPence === undefined ? {} : { amountPence }),
    });
  }

  disputeDemoPurchase(
    userId: number,
    id: string,
    outcome?: DemoDisputeOutcome,
  ): Promise<BillingDemoPurchaseReply> {
    return this.call(BILLING_RPC.demoDispute, { userId, id, ...(outcome === undefined ? {} : { outcome }) });
  }

  private async call<P extends BillingRpcPattern>(
    pattern: P,
    payload: BillingRpcRequest<P>,
  ): Promise<BillingRpcReply<P>> {
    let answer: RpcAnswer<BillingRpcReply<P>>;
    try {
      answer = await this.client.call(pattern, payload);
    } catch (error) {
      const body = billingErrorBody(error);
      this.logger.warn(`${pattern} failed (${body.statusCode}): ${describeRpcFailure(error)}`);
      throw new BillingRpcException(body);
    }
    if (answer.ok) return answer.reply;
    const body = billingErrorBody(billingRpcReplyError(answer.status, answer.body));
    if (body.statusCode >= 500) {
      this.logger.warn(
        `${pattern} failed (billing answered ${answer.status}): ${describeRpcFailure(answer.body)}`,
      );
    }
    throw new BillingRpcException(body);
  }
}
