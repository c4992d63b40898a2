import { type DynamicModule, Module } from '@nestjs/common';
import { coreImports } from '@council/server-kit';
import { type BillingEnv } from './config/billing.env';
import { BillingRpcController } from './rpc/billing-rpc.controller';

@Module({})
export class BillingModule {
  static forRoot(config: BillingEnv): DynamicModule {
    return {
      module: BillingModule,
      imports: coreImports('billing', config),
      controllers: [BillingRpcController],
    };
  }
}
