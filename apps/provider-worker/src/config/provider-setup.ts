import { PROVIDERS, type Provider, type ProviderMode, isBuiltInProvider } from '@council/contracts';
import { ProviderEntity, createDataSourceOptions } from '@council/db';
import { type LlmConfig, providerMode } from '@council/llm';
import { DataSource } from 'typeorm';
import { type CompatibleProviderEntry, llmConfigFromEnv } from './llm-config';
import { type ProviderWorkerEnv } from './provider-worker.env';

/** Which providers this process serves, how each answers, and how to reach them. */
export interface ProviderSetup {
  /** Queues to serve, in catalogue order. */
  served: Provider[];
  /** Published for the gateway (ProviderModesPublisher): served ones, and the catalogue's off ones. */
  modes: Record<Provider, ProviderMode>;
  /** Served providers whose models are listed from their server (ModelDiscoveryService). */
  discovering: Provider[];
  llm: LlmConfig;
}

/**
 * The catalogue's providers decide the setup, so it is read before the app's modules are made
 * (each served queue gets its own @Processor class). Without PROVIDER_QUEUES the process serves
 * every provider that is not off and reports the off ones, so a provider switched off since the
 * last start stops being offered; with it, exactly those listed.
 */
export function providerSetup(
  env: ProviderWorkerEnv,
  catalogue: readonly CompatibleProviderEntry[],
  variables: NodeJS.ProcessEnv = process.env,
): ProviderSetup {
  const compatible = catalogue.filter((entry) => !isBuiltInProvider(entry.key));
  const llm = llmConfigFromEnv(env, compatible, variables);
  const known = [...PROVIDERS, ...compatible.map((entry) => entry.key)];
  const unknown = (env.PROVIDER_QUEUES ?? []).filter((provider) => !known.includes(provider));
  if (unknown.length > 0) {
    throw new Error(`PROVIDER_QUEUES names providers the catalogue does not list: ${unknown.join(', ')}`);
  }
  const candidates = env.PROVIDER_QUEUES ?? known;
  const modes: Record<Provider, ProviderMode> = {};
  const served: Provider[] = [];
  for (const provider of candidates) {
    const mode = providerMode(provider, llm);
    modes[provider] = mode;
    if (mode !== 'off') served.push(provider);
  }
  const discovers = new Set(compatible.filter((entry) => entry.discoverModels).map((entry) => entry.key));
  const discovering = served.filter((provider) => discovers.has(provider));
  return { served, modes, discovering, llm };
}

/** The active providers in the catalogue (one short query before start-up). */
export async function loadCatalogueProviders(env: ProviderWorkerEnv): Promise<CompatibleProviderEntry[]> {
  const dataSource = new DataSource({ ...createDataSourceOptions({ url: env.DATABASE_URL, poolSize: 1 }) });
  await dataSource.initialize();
  try {
    const rows = await dataSource.getRepository(ProviderEntity).find({
      where: { isActive: true },
      order: { position: 'ASC', id: 'ASC' },
    });
    return rows.map(({ key, baseUrlEnv, apiKeyEnv, defaultBaseUrl, discoverModels }) => ({
      key,
      baseUrlEnv,
      apiKeyEnv,
      defaultBaseUrl,
      discoverModels,
    }));
  } finally {
    await dataSource.destroy();
  }
}
