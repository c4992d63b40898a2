import { PLANS, SELLABLE_TIERS, type SellableTier } from '@council/contracts';
import Stripe from 'stripe';
import { CURRENCY, METADATA, PRICE_LOOKUP_KEYS, PRODUCT_IDS } from './stripe.constants';

export interface CatalogEntry {
  tier: SellableTier;
  productId: string;
  priceId: string;
  lookupKey: string;
  /** False when the product and a matching price already existed. */
  created: boolean;
}

/**
 * Creates the plans' products and monthly GBP prices (PLANS) once, under fixed product ids and the
 * lookup keys billing resolves prices by. Running it again finds them and creates nothing; a
 * changed plan price gets a new price that takes the lookup key over.
 */
export async function setUpStripeCatalog(stripe: Stripe): Promise<CatalogEntry[]> {
  const entries: CatalogEntry[] = [];
  for (const tier of SELLABLE_TIERS) entries.push(await setUpPlan(stripe, tier));
  return entries;
}

async function setUpPlan(stripe: Stripe, tier: SellableTier): Promise<CatalogEntry> {
  const plan = PLANS[tier];
  const amount = plan.monthlyPricePence;
  if (amount === null) throw new Error(`Plan ${tier} has no price`);
  const lookupKey = PRICE_LOOKUP_KEYS[tier];
  const { product, created: productCreated } = await findOrCreateProduct(stripe, tier);
  const [existing] = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data;
  const matches =
    existing !== undefined &&
    existing.unit_amount === amount &&
    existing.currency === CURRENCY &&
    existing.recurring?.interval === 'month';
  if (matches)
    return { tier, productId: product.id, priceId: existing.id, lookupKey, created: productCreated };
  const price = await stripe.prices.create(
    {
      product: product.id,
      currency: CURRENCY,
      unit_amount: amount,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      ...(existing ? { transfer_lookup_key: true } : {}),
      nickname: `${plan.name} monthly`,
      metadata: { [METADATA.tier]: tier },
    },
    { idempotencyKey: `setup:price:${tier}:${amount}:${existing?.id ?? 'first'}` },
  );
  return { tier, productId: product.id, priceId: price.id, lookupKey, created: true };
}

async function findOrCreateProduct(
  stripe: Stripe,
  tier: SellableTier,
): Promise<{ product: Stripe.Product; created: boolean }> {
  try {
    return { product: await stripe.products.retrieve(PRODUCT_IDS[tier]), created: false };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing') throw error;
  }
  const product = await stripe.products.create(
    { id: PRODUCT_IDS[tier], name: `Council ${PLANS[tier].name}`, metadata: { [METADATA.tier]: tier } },
    { idempotencyKey: `setup:product:${tier}` },
  );
  return { product, created: true };
}
