import { listedModelsKey, listedModelsTtlMs } from '@council/contracts';
import { type ModelLister } from '@council/llm';
import { type RedisClient } from '@council/server-kit';
import { type ProviderSetup } from '../config/provider-setup';
import { type ProviderWorkerEnv } from '../config/provider-worker.env';
import { type ModelDiscoveryRepository } from './model-discovery.repository';
import { ModelDiscoveryService } from './model-discovery.service';

const listers = new Map<string, ModelLister>();
jest.mock('@council/llm', () => ({
  createModelLister: (provider: string) => listers.get(provider) ?? null,
}));

const INTERVAL_MS = 60_000;

function setUp(list: ModelLister['list']) {
  listers.set('local', { provider: 'local', list });
  const set = jest.fn().mockResolvedValue('OK');
  const repository = {
    providerModels: jest.fn().mockResolvedValue({
      firstAgentId: 7,
      rows: [{ id: 1, name: 'llama3.2', apiModel: 'llama3.2', discovered: false, isActive: true }],
    }),
    addDiscovered: jest.fn().mockResolvedValue(undefined),
    retireDiscovered: jest.fn().mockResolvedValue(undefined),
  };
  const env = { REDIS_PREFIX: 'pfx', MODEL_DISCOVERY_INTERVAL_MS: INTERVAL_MS } as ProviderWorkerEnv;
  const setup: ProviderSetup = {
    served: ['local'],
    modes: { local: 'live' },
    discovering: ['local'],
    llm: {},
  };
  const service = new ModelDiscoveryService(
    env,
    { set } as unknown as RedisClient,
    setup,
    repository as unknown as ModelDiscoveryRepository,
  );
  return { service, set, repository };
}

const published = (set: jest.Mock) =>
  set.mock.calls.map(([key, value, unit, ttl]) => [key, JSON.parse(value as string), unit, ttl]);

describe('ModelDiscoveryService', () => {
  afterEach(() => listers.clear());

  it('adds what the catalogue lacks under the first agent, then publishes the listed ids with a TTL', async () => {
    const { service, set, repository } = setUp(() => Promise.resolve(['llama3.2', 'qwen2.5']));
    await service.refreshAll();
    expect(repository.addDiscovered).toHaveBeenCalledWith(7, ['qwen2.5']);
    expect(published(set)).toEqual([
      [listedModelsKey('pfx', 'local'), ['llama3.2', 'qwen2.5'], 'PX', listedModelsTtlMs(INTERVAL_MS)],
    ]);
    // Published only after the rows are written, so every listed id has its row.
    expect(repository.addDiscovered.mock.invocationCallOrder[0]).toBeLessThan(
      set.mock.invocationCallOrder[0],
    );
  });

  it('publishes an empty list when the server cannot be listed or lists nothing, and writes nothing', async () => {
    const failing = setUp(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:11434')));
    await failing.service.refreshAll();
    await failing.service.refreshAll();
    expect(published(failing.set).map(([, ids]) => ids)).toEqual([[], []]);
    expect(failing.repository.providerModels).not.toHaveBeenCalled();

    const empty = setUp(() => Promise.resolve([]));
    await empty.service.refreshAll();
    expect(published(empty.set).map(([, ids]) => ids)).toEqual([[]]);
  });

  it('keeps the last published list when the catalogue cannot be written', async () => {
    const { service, set, repository } = setUp(() => Promise.resolve(['qwen2.5']));
    repository.addDiscovered.mockRejectedValue(new Error('connection terminated'));
    await expect(service.refreshAll()).resolves.toBeUndefined();
    expect(set).not.toHaveBeenCalled();
  });

  it('publishes nothing for a listing cut short by shutdown', async () => {
    let started!: () => void;
    const listing = new Promise<void>((resolve) => (started = resolve));
    const { service, set } = setUp(
      (signal) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const boot = service.onApplicationBootstrap();
    await listing;
    await service.onModuleDestroy();
    await boot;
    expect(set).not.toHaveBeenCalled();
  });
});
