import { type DynamicModule, Module } from '@nestjs/common';
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
        ...coreImports('billing', config),
        QueueModule.forRoot(),
        RpcModule,
        UsageModule,
        WebhooksModule,
      ],
    };
  }
}
