import 'reflect-metadata';
import { runServer } from '@council/server-kit';
import { ProviderWorkerModule } from './app.module';
import { ProviderWorkerEnv } from './config/provider-worker.env';

runServer({
  service: 'provider-worker',
  env: ProviderWorkerEnv,
  rootModule: (config) => ProviderWorkerModule.forRoot(config),
});
