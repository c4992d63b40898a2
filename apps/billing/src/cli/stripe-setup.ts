// `npm run stripe:setup`: creates the plans' products and prices in Stripe, once (see
// setUpStripeCatalog), and prints their ids. Needs STRIPE_SECRET_KEY; STRIPE_API_BASE as billing.

import 'reflect-metadata';
import { ConfigValidationError, loadConfig } from '@council/server-kit';
import { IsOptional, Matches } from 'class-validator';
import Stripe from 'stripe';
import { setUpStripeCatalog } from '../stripe/stripe-catalog.setup';
import { stripeClientOptions } from '../stripe/stripe-sdk.service';
import { errorMessage } from '@council/contracts';

class StripeSetupEnv {
  @Matches(/^(sk|rk)_(test|live)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…',
  })
  STRIPE_SECRET_KEY!: string;

  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'STRIPE_API_BASE must be an http(s) URL' })
  STRIPE_API_BASE?: string;
}

async function main(): Promise<void> {
  const env = loadConfig(StripeSetupEnv, 'stripe:setup');
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, stripeClientOptions(env.STRIPE_API_BASE));
  const entries = await setUpStripeCatalog(stripe);
  for (const entry of entries) {
    process.stdout.write(
      `${entry.tier}: product ${entry.productId}, price ${entry.priceId} (lookup key ${entry.lookupKey}, ${
        entry.created ? 'created' : 'already there'
      })\n`,
    );
  }
  process.stdout.write('\nBilling finds these by lookup key; to pin them instead, set:\n');
  for (const entry of entries)
    process.stdout.write(`STRIPE_PRICE_${entry.tier.toUpperCase()}=${entry.priceId}\n`);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigValidationError ? error.message : `stripe:setup failed: ${errorMessage(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
