import { Injectable } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  type BillingTopUpReply,
  type SellableTier,
  VALIDATION_MESSAGES,
  findPack,
} from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { BillingEnv } from '../config/billing.env';
import { DemoCheckoutService, billingReturnUrl } from '../demo/demo-checkout.service';
import { StripeCustomersService } from '../stripe/stripe-customers.service';
import { StripePricesService } from '../stripe/stripe-prices.service';
import { StripeSdkService } from '../stripe/stripe-sdk.service';
import { CURRENCY, METADATA } from '../stripe/stripe.constants';

/** Stripe Checkout Sessions: one-time token packs and new subscriptions (or their demo pages). */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly config: BillingEnv,
    private readonly stripe: StripeSdkService,
    private readonly customers: StripeCustomersService,
    private readonly prices: StripePricesService,
    private readonly demo: DemoCheckoutService,
  ) {}

  /**
   * A one-time Checkout in GBP for a pack of spec §9, priced from TOKEN_PACKS (price_data). The
   * idempotency key makes a repeated request (or a second replica) return the same session.
   */
  async createTopUp(userId: number, packageId: string, requestId: string): Promise<BillingTopUpReply> {
    const pack = findPack(packageId);
    if (!pack) throw new DomainException('VALIDATION_FAILED', VALIDATION_MESSAGES.packageInvalid);
    if (!this.stripe.enabled) {
      const session = await this.demo.createTopUp(userId, pack);
      return { url: this.demo.pageUrl(session), sessionId: session.id };
    }
    const customer = await this.customers.ensureCustomer(userId);
    const metadata = {
      [METADATA.userId]: String(userId),
      [METADATA.kind]: 'topup',
      [METADATA.packId]: pack.id,
    };
    const session = await this.stripe.call('checkout.sessions.create', (stripe) =>
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer,
          client_reference_id: String(userId),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: CURRENCY,
                unit_amount: pack.pricePence,
                product_data: {
                  name: `${pack.name} — ${pack.tokens.toLocaleString('en-GB')} tokens`,
                  metadata: { [METADATA.packId]: pack.id },
                },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
          success_url: `${billingReturnUrl(this.config.PUBLIC_URL, 'success', 'topup')}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: billingReturnUrl(this.config.PUBLIC_URL, 'cancelled', 'topup'),
        },
        { idempotencyKey: `checkout:${userId}:${pack.id}:${requestId}` },
      ),
    );
    if (!session.url)
      throw new DomainException('SERVICE_UNAVAILABLE', BILLING_MESSAGES.paymentProviderUnavailable);
    return { url: session.url, sessionId: session.id };
  }

  /** A subscription Checkout for a plan, priced by the plan's Stripe price. */
  async createSubscription(userId: number, tier: SellableTier, requestId: string): Promise<{ url: string }> {
    if (!this.stripe.enabled) {
      return { url: this.demo.pageUrl(await this.demo.createSubscription(userId, tier)) };
    }
    const price = await this.prices.priceFor(tier);
    const customer = await this.customers.ensureCustomer(userId);
    const metadata = { [METADATA.userId]: String(userId), [METADATA.tier]: tier };
    const session = await this.stripe.call('checkout.sessions.create', (stripe) =>
      stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          client_reference_id: String(userId),
          line_items: [{ price, quantity: 1 }],
          metadata: { ...metadata, [METADATA.kind]: 'subscription' },
          subscription_data: { metadata },
          success_url: `${billingReturnUrl(this.config.PUBLIC_URL, 'success', 'subscription')}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: billingReturnUrl(this.config.PUBLIC_URL, 'cancelled', 'subscription'),
        },
        { idempotencyKey: `checkout:${userId}:${tier}:${requestId}` },
      ),
    );
    if (!session.url)
      throw new DomainException('SERVICE_UNAVAILABLE', BILLING_MESSAGES.paymentProviderUnavailable);
    return { url: session.url };
  }
}
