import { Injectable } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  type BillingDemoConfirmReply,
  type BillingDemoPurchaseReply,
  type BillingDemoPurchasesReply,
  type BillingDemoSessionReply,
  type BillingTopUpReply,
  type BillingWebhookReply,
  type PortalReply,
  type SellableTier,
  type SubscriptionReply,
  type SubscriptionStatusResponse,
  type TokenPackId,
  type DemoAction,
  type DemoDisputeOutcome,
  type PortalFlow,
} from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { BILLING_CHECKOUT_RATE_LIMIT } from '../rate-limit/rate-limit.constants';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { BillingClient } from './billing.client';
import { WEBHOOK_BODY_MISSING_MESSAGE } from './billing.constants';
import { isDemoPurchaseId, isDemoSessionId, isOwnUrl } from './billing.util';

/**
 * The gateway's billing rules; billing itself does the work. Every user call takes the id of the
 * session's user (never one from a request body). Calls that make billing create objects at Stripe
 * are rate limited per user.
 */
@Injectable()
export class BillingService {
  constructor(
    private readonly billing: BillingClient,
    private readonly rateLimits: RateLimitService,
    private readonly env: GatewayEnv,
  ) {}

  status(userId: number): Promise<SubscriptionStatusResponse> {
    return this.billing.subscription(userId);
  }

  async subscribe(userId: number, tier: SellableTier): Promise<SubscriptionReply> {
    await this.rateLimits.consume(BILLING_CHECKOUT_RATE_LIMIT, String(userId));
    return this.billing.subscribe(userId, tier);
  }

  /** `returnUrl` must be on PUBLIC_URL's origin (billing checks it too): no open redirect. */
  async portal(userId: number, returnUrl: string | undefined, flow?: PortalFlow): Promise<PortalReply> {
    if (returnUrl !== undefined && !isOwnUrl(returnUrl, this.env.PUBLIC_URL)) {
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.returnUrlForeign);
    }
    await this.rateLimits.consume(BILLING_CHECKOUT_RATE_LIMIT, String(userId));
    return this.billing.portal(userId, returnUrl, flow);
  }

  async topUp(userId: number, packageId: TokenPackId): Promise<BillingTopUpReply> {
    await this.rateLimits.consume(BILLING_CHECKOUT_RATE_LIMIT, String(userId));
    return this.billing.topUp(userId, packageId);
  }

  /**
   * Hands a Stripe delivery to billing, which verifies the signature on these exact bytes, records
   * the event once and queues its processing. A missing signature or body is refused here (400)
   * without asking billing; everything else is billing's answer (400 for a bad or stale signature,
   * 503 when billing does not answer, so Stripe delivers again).
   */
  receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<BillingWebhookReply> {
    if (!signature?.trim()) {
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.webhookSignatureMissing);
    }
    if (!rawBody || rawBody.length === 0) {
      throw new DomainException('VALIDATION_FAILED', WEBHOOK_BODY_MISSING_MESSAGE);
    }
    return this.billing.receiveWebhook(rawBody, signature);
  }

  /** Someone else's, expired or malformed demo checkout ids are all 404. */
  demoSession(userId: number, id: string): Promise<BillingDemoSessionReply> {
    this.assertDemoSessionId(id);
    return this.billing.demoSession(userId, id);
  }

  confirmDemo(userId: number, id: string, action?: DemoAction): Promise<BillingDemoConfirmReply> {
    this.assertDemoSessionId(id);
    return this.billing.confirmDemo(userId, id, action);
  }

  /** The demo refund and dispute controls (DECISIONS 27); outside demo mode billing answers 404. */
  demoPurchases(userId: number): Promise<BillingDemoPurchasesReply> {
    return this.billing.demoPurchases(userId);
  }

  /** Someone else's, made-up or malformed purchase ids are all 404. */
  refundDemoPurchase(userId: number, id: string, amountPence?: number): Promise<BillingDemoPurchaseReply> {
    this.assertDemoPurchaseId(id);
    return this.billing.refundDemoPurchase(userId, id, amountPence);
  }

  disputeDemoPurchase(
    userId: number,
    id: string,
    outcome?: DemoDisputeOutcome,
  ): Promise<BillingDemoPurchaseReply> {
    this.assertDemoPurchaseId(id);
    return this.billing.disputeDemoPurchase(userId, id, outcome);
  }

  private assertDemoPurchaseId(id: string): void {
    if (!isDemoPurchaseId(id)) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.demoPurchaseNotFound);
  }

  private assertDemoSessionId(id: string): void {
    if (!isDemoSessionId(id)) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.demoSessionNotFound);
  }
}
