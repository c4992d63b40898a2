import { type DynamicModule, Module } from '@nestjs/common';
import { BILLING_RPC_PATH_PREFIX } from '@council/contracts';
import { QueueModule, coreImports } from '@council/server-kit';
import { type BillingEnv } from './config/billing.env';
import { RpcModule } from './rpc/rpc.module';
import { UsageModule } from './usage/usage.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class BillingModule {
  static forRoot(config: BillingEnv): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        // The gateway logs each user request; a line per RPC call (and the per-request context
        // the logger's middleware turns on for every promise) would double that on the ask path.
        ...coreImports('billing', config, { unloggedPaths: [`${BILLING_RPC_PATH_PREFIX.slice(1)}/*path`] }),
        QueueModule.forRoot(),
        RpcModule,
        UsageModule,
        WebhooksModule,
      ],
    };
  }
}
