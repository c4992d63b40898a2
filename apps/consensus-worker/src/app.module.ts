import { type DynamicModule, Module } from '@nestjs/common';
import { QueueModule, coreImports } from '@council/server-kit';
import { type ConsensusWorkerEnv } from './config/consensus-worker.env';
import { ConsensusModule } from './consensus/consensus.module';
import { RetentionModule } from './retention/retention.module';

@Module({})
export class ConsensusWorkerModule {
  static forRoot(config: ConsensusWorkerEnv): DynamicModule {
    return {
      module: ConsensusWorkerModule,
      imports: [
        ...coreImports('consensus-worker', config),
        QueueModule.forRoot(),
        ConsensusModule.forRoot(config),
        RetentionModule,
      ],
    };
  }
}
