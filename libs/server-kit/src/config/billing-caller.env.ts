import { IsString, IsUrl, MinLength, ValidateIf } from 'class-validator';
import { BaseServerEnv } from './base-server.env';

/** Variables of an app that calls billing's internal RPC (docs/billing-rpc.md). */
export class BillingCallerEnv extends BaseServerEnv {
  /**
   * Where billing's internal RPC answers: the one address in front of every billing replica (the
   * Kubernetes Service), e.g. http://council-billing:3001.
   */
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'BILLING_URL must be an http(s) URL such as http://council-billing:3001' },
  )
  BILLING_URL = 'http://127.0.0.1:3001';

  /**
   * The bearer token billing requires on its RPC routes; billing sets the same value. Required in
   * production; a fixed development value is used otherwise.
   */
  @ValidateIf(
    (env: BillingCallerEnv) => env.NODE_ENV === 'production' || env.BILLING_RPC_SECRET !== undefined,
  )
  @IsString({ message: 'BILLING_RPC_SECRET must be set in production (32+ random characters)' })
  @MinLength(32, { message: 'BILLING_RPC_SECRET must be at least 32 characters' })
  BILLING_RPC_SECRET?: string;
}
