import './tracing';
import 'reflect-metadata';
import { runServer } from '@council/server-kit';
import { ConsensusWorkerModule } from './app.module';
import { ConsensusWorkerEnv } from './config/consensus-worker.env';

runServer({
  service: 'consensus-worker',
  env: ConsensusWorkerEnv,
  rootModule: (config) => ConsensusWorkerModule.forRoot(config),
});
