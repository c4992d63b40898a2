import { Injectable } from '@nestjs/common';
import { BILLING_MESSAGES, SELLABLE_TIERS, type SellableTier } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { BillingEnv } from '../config/billing.env';
import { type KnownPrices, PRICE_LOOKUP_KEYS, type PriceCatalog } from './stripe.constants';
import { StripeSdkService } from './stripe-sdk.service';

/** Price ids the demo mode uses for its plans (never sent to Stripe). */
export const DEMO_PRICES: PriceCatalog = { premium: 'price_demo_premium', max: 'price_demo_max' };

/**
 * The plans' Stripe prices: STRIPE_PRICE_PREMIUM / STRIPE_PRICE_MAX when set, else found once by
 * their lookup keys (created by `npm run stripe:setup`) and cached. Never hard-coded ids.
 */
@Injectable()
export class StripePricesService {
  private resolved: KnownPrices;

  constructor(
    config: BillingEnv,
    private readonly stripe: StripeSdkService,
  ) {
    this.resolved = {
      ...(config.STRIPE_PRICE_PREMIUM ? { premium: config.STRIPE_PRICE_PREMIUM } : {}),
      ...(config.STRIPE_PRICE_MAX ? { max: config.STRIPE_PRICE_MAX } : {}),
    };
  }

  /** Every plan's price id; SERVICE_UNAVAILABLE when Stripe has none under the lookup keys. */
  async catalog(): Promise<PriceCatalog> {
    if (!this.stripe.enabled) return DEMO_PRICES;
    const missing = SELLABLE_TIERS.filter((tier) => !this.resolved[tier]);
    if (missing.length > 0) await this.lookUp(missing);
    const { premium, max } = this.resolved;
    if (!premium || !max) throw new DomainException('SERVICE_UNAVAILABLE', BILLING_MESSAGES.pricesNotSetUp);
    return { premium, max };
  }

  async priceFor(tier: SellableTier): Promise<string> {
    return (await this.catalog())[tier];
  }

  /** What is known without failing, for recognising prices on objects Stripe returns. */
  async known(): Promise<KnownPrices> {
    if (!this.stripe.enabled) return DEMO_PRICES;
    return this.catalog().catch(() => ({ ...this.resolved }));
  }

  private async lookUp(tiers: readonly SellableTier[]): Promise<void> {
    const prices = await this.stripe.call('prices.list', (stripe) =>
      stripe.prices.list({
        lookup_keys: tiers.map((tier) => PRICE_LOOKUP_KEYS[tier]),
        active: true,
        limit: 10,
      }),
    );
    for (const tier of tiers) {
      const price = prices.data.find((candidate) => candidate.lookup_key === PRICE_LOOKUP_KEYS[tier]);
      if (price) this.resolved = { ...this.resolved, [tier]: price.id };
    }
  }
}
