import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ALREADY_SUBSCRIBED,
  BILLING_MESSAGES,
  BILLING_RETURN_PATH,
  type BillingPortalReply,
  type BillingSubscribeReply,
  type BillingSubscriptionReply,
  type PortalFlow,
  type SellableTier,
  tokenAllowanceFor,
} from '@council/contracts';
import { UserEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { CheckoutService } from '../checkout/checkout.service';
import { BillingEnv } from '../config/billing.env';
import { DemoCheckoutService, billingReturnUrl } from '../demo/demo-checkout.service';
import { bucketsOf } from '../ledger/ledger.arithmetic';
import { isDemoCustomerId } from '../stripe/stripe-customers.service';
import { StripeObjectSource } from '../stripe/stripe-object-source';
import { StripePricesService } from '../stripe/stripe-prices.service';
import { StripeSdkService } from '../stripe/stripe-sdk.service';
import { isLiveStatus, mapSubscriptionStatus } from '../stripe/stripe.mappers';
import { SubscriptionSyncService } from './subscription-sync.service';

/** A plan in force: a live Stripe subscription, or enterprise (granted outside Stripe). */
export function hasPlan(user: Pick<UserEntity, 'subscriptionTier' | 'subscriptionStatus'>): boolean {
  if (user.subscriptionTier === 'free') return false;
  return user.subscriptionTier === 'enterprise' || isLiveStatus(user.subscriptionStatus);
}

/** Stripe's portal deep link for the flow; null for its home page. */
export function portalFlowData(
  flow: PortalFlow | undefined,
  subscriptionId: string | null,
  returnUrl: string,
): Stripe.BillingPortal.SessionCreateParams.FlowData | null {
  if (flow === 'payment_method') return { type: 'payment_method_update' };
  if (flow === 'cancel' && subscriptionId) {
    return {
      type: 'subscription_cancel',
      subscription_cancel: { subscription: subscriptionId },
      after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
    };
  }
  return null;
}

/** The subscription calls of spec §7: status, subscribe / upgrade, and the billing portal. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly config: BillingEnv,
    private readonly stripe: StripeSdkService,
    private readonly prices: StripePricesService,
    private readonly checkout: CheckoutService,
    private readonly demo: DemoCheckoutService,
    private readonly sync: SubscriptionSyncService,
    private readonly stripeSource: StripeObjectSource,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async status(userId: number): Promise<BillingSubscriptionReply> {
    const user = await this.user(userId);
    const live = hasPlan(user);
    return {
      tier: user.subscriptionTier,
      status: user.subscriptionStatus,
      currentPeriodEnd: live ? (user.subscriptionPeriodEnd?.toISOString() ?? null) : null,
      cancelAtPeriodEnd: live && user.subscriptionCancelAtPeriodEnd,
      tokensLeft: user.tokensLeft,
      monthlyTokens: user.monthlyTokens,
      purchasedTokens: user.purchasedTokens,
      freeTokens: bucketsOf(user).free,
      tokenAllowance: tokenAllowanceFor(user.subscriptionTier),
      queriesLeft: user.queriesLeft,
      nextTokenReset: live ? (user.nextTokenReset?.toISOString() ?? null) : null,
      hasBillingAccount: this.customerOf(user) !== null,
      demoMode: !this.stripe.enabled,
    };
  }

  /**
   * No plan: a Checkout for the tier. The same or a lower plan in force: ALREADY_SUBSCRIBED
   * (downgrades go through the portal). Premium → max: the subscription is upgraded in place,
   * with proration.
   */
  async getOrCreate(userId: number, tier: SellableTier, requestId: string): Promise<BillingSubscribeReply> {
    const user = await this.user(userId);
    if (!hasPlan(user)) {
      await this.refuseWhileLiveInStripe(user);
      return this.checkout.createSubscription(userId, tier, requestId);
    }
    if (user.subscriptionTier === 'premium' && tier === 'max' && user.stripeSubscriptionId) {
      return this.upgrade(user, user.stripeSubscriptionId, tier, requestId);
    }
    return { message: ALREADY_SUBSCRIBED };
  }

  /** The billing portal for the user's customer; 400 without one. returnUrl must be ours. */
  /**
   * DECISIONS 21: `payment_method` opens the portal on the card (it never cancels); `cancel` on
   * cancelling the plan, which Stripe's portal does at the end of the paid period. Without a live
   * plan there is nothing to cancel and the portal opens on its home page.
   */
  async portal(
    userId: number,
    returnUrl: string | undefined,
    requestId: string,
    flow?: PortalFlow,
  ): Promise<BillingPortalReply> {
    const target = this.ownUrl(returnUrl);
    const user = await this.user(userId);
    const customer = this.customerOf(user);
    if (!customer) throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.noBillingAccount);
    const subscriptionId = hasPlan(user) ? user.stripeSubscriptionId : null;
    if (flow === 'resume' && (!subscriptionId || !user.subscriptionCancelAtPeriodEnd)) {
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.nothingToResume);
    }
    if (!this.stripe.enabled) {
      const session = await this.demo.createPortal(userId, subscriptionId, flow ?? null);
      return { url: this.demo.pageUrl(session) };
    }
    if (flow === 'resume' && subscriptionId) return this.resume(user.id, subscriptionId, requestId);
    const flowData = portalFlowData(flow, subscriptionId, target);
    const portal = await this.stripe.call('billingPortal.sessions.create', (stripe) =>
      stripe.billingPortal.sessions.create(
        { customer, return_url: target, ...(flowData ? { flow_data: flowData } : {}) },
        { idempotencyKey: flow ? `portal:${userId}:${flow}:${requestId}` : `portal:${userId}:${requestId}` },
      ),
    );
    return { url: portal.url };
  }

  /**
   * Takes back a cancellation at period end (Stripe's portal has no deep link for it): the
   * subscription renews again, and the row converges on what Stripe now says.
   */
  private async resume(
    userId: number,
    subscriptionId: string,
    requestId: string,
  ): Promise<BillingPortalReply> {
    await this.stripe.call('subscriptions.update', (stripe) =>
      stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: false },
        { idempotencyKey: `resume:${subscriptionId}:${requestId}` },
      ),
    );
    await this.sync.sync(userId, subscriptionId, this.stripeSource);
    return { url: billingReturnUrl(this.config.PUBLIC_URL, 'success', 'portal') };
  }

  /**
   * DECISIONS 27: no checkout while a subscription is live. The row can lag behind Stripe (a plan
   * paid in another tab whose events are still on their way), so Stripe is asked too.
   */
  private async refuseWhileLiveInStripe(user: UserEntity): Promise<void> {
    const customer = this.stripe.enabled ? this.customerOf(user) : null;
    if (!customer) return;
    const subscriptions = await this.stripe.call('subscriptions.list', (stripe) =>
      stripe.subscriptions.list({ customer, status: 'all', limit: 100 }),
    );
    if (subscriptions.data.some((subscription) => isLiveStatus(mapSubscriptionStatus(subscription.status)))) {
      throw new DomainException('CONFLICT', BILLING_MESSAGES.subscriptionAlreadyLive);
    }
  }

  private async upgrade(
    user: UserEntity,
    subscriptionId: string,
    tier: SellableTier,
    requestId: string,
  ): Promise<BillingSubscribeReply> {
    if (!this.stripe.enabled) {
      return { url: this.demo.pageUrl(await this.demo.createUpgrade(user.id, subscriptionId, tier)) };
    }
    const price = await this.prices.priceFor(tier);
    const subscription = await this.stripe.call('subscriptions.retrieve', (stripe) =>
      stripe.subscriptions.retrieve(subscriptionId),
    );
    const item = subscription.items.data[0];
    if (!item) throw new DomainException('SERVICE_UNAVAILABLE', BILLING_MESSAGES.paymentProviderUnavailable);
    const updated =
      item.price.id === price
        ? subscription
        : await this.stripe.call('subscriptions.update', (stripe) =>
            stripe.subscriptions.update(
              subscriptionId,
              {
                items: [{ id: item.id, price }],
                // Charge the difference now; keep the old plan if that payment cannot complete.
                proration_behavior: 'always_invoice',
                payment_behavior: 'pending_if_incomplete',
                expand: ['latest_invoice'],
              },
              { idempotencyKey: `upgrade:${subscriptionId}:${tier}:${requestId}` },
            ),
          );
    await this.sync.sync(user.id, subscriptionId, this.stripeSource);
    const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
    if (updated.pending_update && invoice?.hosted_invoice_url) return { url: invoice.hosted_invoice_url };
    return { url: billingReturnUrl(this.config.PUBLIC_URL, 'success', 'upgrade'), upgraded: true };
  }

  /** The customer the portal can open: a real one with Stripe, the stand-in in demo mode. */
  private customerOf(user: UserEntity): string | null {
    if (!user.stripeCustomerId) return null;
    if (this.stripe.enabled && isDemoCustomerId(user.stripeCustomerId)) return null;
    return user.stripeCustomerId;
  }

  private ownUrl(returnUrl: string | undefined): string {
    const publicOrigin = new URL(this.config.PUBLIC_URL).origin;
    if (!returnUrl) return new URL(BILLING_RETURN_PATH, publicOrigin).toString();
    let parsed: URL;
    try {
      parsed = new URL(returnUrl);
    } catch {
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.returnUrlForeign);
    }
    if (parsed.origin !== publicOrigin)
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.returnUrlForeign);
    return parsed.toString();
  }

  private async user(userId: number): Promise<UserEntity> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.accountNotFound);
    return user;
  }
}
