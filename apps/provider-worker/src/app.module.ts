import { type DynamicModule, Module } from '@nestjs/common';
import { QueueModule, coreImports } from '@council/server-kit';
import { ProviderModesPublisher } from './answers/provider-modes.publisher';
import { ProviderProcessorsModule } from './answers/provider-processors.module';
import { type ProviderWorkerEnv } from './config/provider-worker.env';

@Module({})
export class ProviderWorkerModule {
  static forRoot(config: ProviderWorkerEnv): DynamicModule {
    return {
      module: ProviderWorkerModule,
      imports: [
        ...coreImports('provider-worker', config),
        QueueModule.forRoot(),
        ProviderProcessorsModule.forProviders(config.PROVIDER_QUEUES, config),
      ],
      providers: [ProviderModesPublisher],
    };
  }
}
