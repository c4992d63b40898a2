import { BaseServerEnv } from '@council/server-kit';
import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

export class BillingEnv extends BaseServerEnv {
  override PORT: number = 3001;

  @Matches(/^https?:\/\/[^/]+$/, {
    message: 'PUBLIC_URL must be an origin such as https://council.example (no path)',
  })
  PUBLIC_URL = 'http://localhost:3000';

  /** Without a key billing runs in its labelled demo mode (DECISIONS 14). */
  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_\w+$/, {
    message: 'STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…',
  })
  STRIPE_SECRET_KEY?: string;

  @ValidateIf((env: BillingEnv) => env.STRIPE_SECRET_KEY !== undefined)
  @Matches(/^whsec_\w+$/, {
    message: 'STRIPE_WEBHOOK_SECRET must be set (whsec_…) when STRIPE_SECRET_KEY is',
  })
  STRIPE_WEBHOOK_SECRET?: string;

  /** Price ids; when unset, `npm run stripe:setup` creates them once under lookup keys. */
  @IsOptional() @IsString() STRIPE_PRICE_PREMIUM?: string;
  @IsOptional() @IsString() STRIPE_PRICE_MAX?: string;

  /** Points the SDK at a local server that speaks Stripe's API (tests). */
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'STRIPE_API_BASE must be an http(s) URL' })
  STRIPE_API_BASE?: string;

  /**
   * Usage jobs (settlements, releases) at once. Each runs one transaction, which holds one of the
   * DATABASE_POOL_SIZE connections while it waits on the user's row lock: above the pool they only
   * queue for a connection, and the reservation RPC calls (every ask) share that pool, so the
   * default leaves them room.
   */
  @IsInt()
  @Min(1)
  @Max(200)
  USAGE_CONCURRENCY: number = 8;

  /**
   * The gateway's bearer token on the internal RPC routes (docs/billing-rpc.md); the gateway sets
   * the same value. Required in production; a fixed development value is used otherwise.
   */
  @ValidateIf((env: BillingEnv) => env.NODE_ENV === 'production' || env.BILLING_RPC_SECRET !== undefined)
  @IsString({ message: 'BILLING_RPC_SECRET must be set in production (32+ random characters)' })
  @MinLength(32, { message: 'BILLING_RPC_SECRET must be at least 32 characters' })
  BILLING_RPC_SECRET?: string;

  get billingMode(): 'stripe' | 'demo' {
    return this.STRIPE_SECRET_KEY ? 'stripe' : 'demo';
  }
}
