import './tracing';
import 'reflect-metadata';
import { runServer } from '@council/server-kit';
import { ProviderWorkerModule } from './app.module';
import { loadCatalogueProviders, providerSetup } from './config/provider-setup';
import { ProviderWorkerEnv } from './config/provider-worker.env';

runServer({
  service: 'provider-worker',
  env: ProviderWorkerEnv,
  rootModule: async (config) =>
    ProviderWorkerModule.forRoot(config, providerSetup(config, await loadCatalogueProviders(config))),
});
