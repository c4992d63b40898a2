import { type DynamicModule, Module } from '@nestjs/common';
import { QUEUES } from '@council/contracts';
import { QueueModule, coreImports, queueDepthMetricsProvider } from '@council/server-kit';
import { type ConsensusWorkerEnv } from './config/consensus-worker.env';
import { ConsensusWorkerService } from './consensus/consensus-worker.service';
import { RetentionModule } from './retention/retention.module';

@Module({})
export class ConsensusWorkerModule {
  static forRoot(config: ConsensusWorkerEnv): DynamicModule {
    return {
      module: ConsensusWorkerModule,
      imports: [
        ...coreImports('consensus-worker', config),
        QueueModule.forRoot(),
        QueueModule.registerQueues(QUEUES.consensus),
        RetentionModule,
      ],
      providers: [queueDepthMetricsProvider([QUEUES.consensus]), ConsensusWorkerService],
    };
  }
}
