import { BILLING_RPC_BODY_LIMIT_BYTES } from '@council/contracts';
import { type ServerAppDefinition } from '@council/server-kit';
import { BillingModule } from './app.module';
import { BillingEnv } from './config/billing.env';

/**
 * One HTTP port (PORT): /health and /metrics for operators, and the gateway's RPC under /rpc,
 * guarded by BILLING_RPC_SECRET. Nothing routes the public to it (only the gateway has an Ingress).
 */
export const billingApp: ServerAppDefinition<BillingEnv> = {
  service: 'billing',
  env: BillingEnv,
  rootModule: (config) => BillingModule.forRoot(config),
  bodyLimitBytes: BILLING_RPC_BODY_LIMIT_BYTES,
};
