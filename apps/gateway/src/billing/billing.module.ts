import { Module } from '@nestjs/common';
import { MetricsService } from '@council/server-kit';
import { AuthModule } from '../auth/auth.module';
import { GatewayEnv } from '../config/gateway.env';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { BillingDemoPurchasesController } from './billing-demo-purchases.controller';
import { BillingDemoController } from './billing-demo.controller';
import { BillingClient, billingRpcClientFor } from './billing.client';
import { BILLING_RPC_CLIENT } from './billing.constants';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { StripeWebhookController } from './stripe-webhook.controller';

/**
 * Spec §7's billing calls, the Stripe webhook and the demo checkout API, all answered by the billing
 * service over its internal HTTP RPC. Exports BillingClient for the council flow (reserve, release).
 */
@Module({
  imports: [AuthModule, RateLimitModule],
  // The purchases' routes come before the demo checkout's `billing/demo/:id`, which would take them.
  controllers: [
    BillingController,
    BillingDemoPurchasesController,
    BillingDemoController,
    StripeWebhookController,
  ],
  providers: [
    { provide: BILLING_RPC_CLIENT, inject: [GatewayEnv, MetricsService], useFactory: billingRpcClientFor },
    BillingClient,
    BillingService,
  ],
  exports: [BillingClient],
})
export class BillingModule {}
