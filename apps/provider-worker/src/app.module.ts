import { type DynamicModule, Module } from '@nestjs/common';
import { QueueModule, coreImports } from '@council/server-kit';
import { PROVIDER_SETUP, ProviderModesPublisher } from './answers/provider-modes.publisher';
import { ProviderProcessorsModule } from './answers/provider-processors.module';
import { type ProviderSetup } from './config/provider-setup';
import { type ProviderWorkerEnv } from './config/provider-worker.env';
import { ModelDiscoveryRepository } from './model-discovery/model-discovery.repository';
import { ModelDiscoveryService } from './model-discovery/model-discovery.service';

@Module({})
export class ProviderWorkerModule {
  static forRoot(config: ProviderWorkerEnv, setup: ProviderSetup): DynamicModule {
    return {
      module: ProviderWorkerModule,
      imports: [
        ...coreImports('provider-worker', config),
        QueueModule.forRoot(),
        ProviderProcessorsModule.forProviders(setup.served, config, setup.llm),
      ],
      providers: [
        { provide: PROVIDER_SETUP, useValue: setup },
        ProviderModesPublisher,
        ModelDiscoveryRepository,
        ModelDiscoveryService,
      ],
    };
  }
}
