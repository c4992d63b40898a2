import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type ClientProxy } from '@nestjs/microservices';
import {
  BILLING_RPC,
  type BillingDemoConfirmReply,
  type BillingDemoSessionReply,
  type BillingDemoConfirmRequest,
  type BillingDemoSessionRequest,
  type BillingHealthReply,
  type BillingPortalReply,
  type BillingPortalRequest,
  type BillingReleaseReply,
  type BillingReleaseRequest,
  type BillingReserveReply,
  type BillingReserveRequest,
  type BillingSubscribeReply,
  type BillingSubscribeRequest,
  type BillingSubscriptionGetRequest,
  type BillingSubscriptionReply,
  type BillingTopUpReply,
  type BillingTopUpRequest,
  type BillingWebhookReply,
  type BillingWebhookRequest,
  type SellableTier,
  type TokenPackId,
  type DemoAction,
  type PortalFlow,
} from '@council/contracts';
import { createPrefixedRedisClient, redisOptionsFromUrl } from '@council/server-kit';
import { firstValueFrom, timeout } from 'rxjs';
import { GatewayEnv } from '../config/gateway.env';
import { BILLING_RPC_CLIENT, BILLING_RPC_RECONNECT_DELAY_MS } from './billing.constants';
import { BillingRpcException } from './billing.exception';
import { billingErrorBody, describeRpcFailure, newBillingRequestId, webhookRequest } from './billing.util';

/** Each pattern's payload and reply (libs/contracts rpc/), so every call is checked at compile time. */
interface BillingRpcCalls {
  [BILLING_RPC.health]: [Record<string, never>, BillingHealthReply];
  [BILLING_RPC.subscriptionGet]: [BillingSubscriptionGetRequest, BillingSubscriptionReply];
  [BILLING_RPC.subscriptionGetOrCreate]: [BillingSubscribeRequest, BillingSubscribeReply];
  [BILLING_RPC.portalCreate]: [BillingPortalRequest, BillingPortalReply];
  [BILLING_RPC.topUpCreate]: [BillingTopUpRequest, BillingTopUpReply];
  [BILLING_RPC.webhookReceive]: [BillingWebhookRequest, BillingWebhookReply];
  [BILLING_RPC.reserve]: [BillingReserveRequest, BillingReserveReply];
  [BILLING_RPC.release]: [BillingReleaseRequest, BillingReleaseReply];
  [BILLING_RPC.demoGet]: [BillingDemoSessionRequest, BillingDemoSessionReply];
  [BILLING_RPC.demoConfirm]: [BillingDemoConfirmRequest, BillingDemoConfirmReply];
}

type BillingRpcPattern = keyof BillingRpcCalls;

/** The Redis-transport client, on REDIS_URL; it reconnects in place for as long as it runs. */
export function createBillingRpcClient(env: GatewayEnv): ClientProxy {
  const { host, port, username, password, db, tls } = redisOptionsFromUrl(env.REDIS_URL);
  return createPrefixedRedisClient({
    channelPrefix: env.REDIS_PREFIX,
    host,
    port,
    username,
    password,
    db,
    tls,
    retryAttempts: Number.MAX_SAFE_INTEGER,
    retryDelay: BILLING_RPC_RECONNECT_DELAY_MS,
  });
}

/**
 * The gateway's side of the billing RPC (apps/billing/README.md). Every call carries the user id the
 * gateway authenticated, waits at most BILLING_RPC_TIMEOUT_MS, and fails with a BillingRpcException
 * that answers billing's own error body, or 503 SERVICE_UNAVAILABLE when billing did not answer.
 * Create calls get a fresh requestId each (one per user action).
 */
@Injectable()
export class BillingClient implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BillingClient.name);

  constructor(
    @Inject(BILLING_RPC_CLIENT) private readonly client: ClientProxy,
    private readonly env: GatewayEnv,
  ) {}

  /** Connects early so the first request does not wait; a failure here is retried on every call. */
  onApplicationBootstrap(): void {
    this.client.connect().catch((error: unknown) => {
      this.logger.warn(`Billing RPC not connected yet: ${describeRpcFailure(error)}`);
    });
  }

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

  /** For the council flow: hold tokens before a question is queued (402 on an empty balance). */
  reserve(userId: number, questionId: number, maxTokens: number): Promise<BillingReserveReply> {
    return this.call(BILLING_RPC.reserve, { userId, questionId, maxTokens });
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

  private async call<P extends BillingRpcPattern>(
    pattern: P,
    payload: BillingRpcCalls[P][0],
  ): Promise<BillingRpcCalls[P][1]> {
    try {
      return await firstValueFrom(
        this.client
          .send<BillingRpcCalls[P][1], BillingRpcCalls[P][0]>(pattern, payload)
          .pipe(timeout(this.env.BILLING_RPC_TIMEOUT_MS)),
      );
    } catch (error) {
      const body = billingErrorBody(error);
      if (body.statusCode >= 500) {
        this.logger.warn(`${pattern} failed (${body.statusCode}): ${describeRpcFailure(error)}`);
      }
      throw new BillingRpcException(body);
    }
  }
}
