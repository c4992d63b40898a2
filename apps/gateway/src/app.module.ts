import { type DynamicModule, Module } from '@nestjs/common';
import { coreImports } from '@council/server-kit';
import { CatalogueModule } from './catalogue/catalogue.module';
import { type GatewayEnv } from './config/gateway.env';
import { QueuesModule } from './queues/queues.module';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      imports: [...coreImports('gateway', config), QueuesModule, CatalogueModule],
    };
  }
}
