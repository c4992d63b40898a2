import { type DynamicModule, Module } from '@nestjs/common';
import { QUEUES, providerQueueName } from '@council/contracts';
import { QueueModule, coreImports, queueDepthMetricsProvider } from '@council/server-kit';
import { ProviderModesPublisher } from './answers/provider-modes.publisher';
import { ProviderWorkersService } from './answers/provider-workers.service';
import { type ProviderWorkerEnv } from './config/provider-worker.env';

@Module({})
export class ProviderWorkerModule {
  static forRoot(config: ProviderWorkerEnv): DynamicModule {
    const names = config.PROVIDER_QUEUES.map(providerQueueName);
    return {
      module: ProviderWorkerModule,
      imports: [
        ...coreImports('provider-worker', config),
        QueueModule.forRoot(),
        QueueModule.registerQueues(...names, QUEUES.usage),
      ],
      // The depth of the queues this process serves is what the HPA scales on.
      providers: [queueDepthMetricsProvider(names), ProviderWorkersService, ProviderModesPublisher],
    };
  }
}
