import { providerModesKey } from '@council/contracts';
import { type Redis } from 'ioredis';
import { type ProviderWorkerEnv } from '../config/provider-worker.env';
import { ProviderModesPublisher } from './provider-modes.publisher';

function publisherFor(env: Partial<ProviderWorkerEnv>, hset: jest.Mock) {
  const full = { REDIS_PREFIX: 'pfx', PROVIDER_IDLE_TIMEOUT_MS: 30_000, ...env } as ProviderWorkerEnv;
  return new ProviderModesPublisher(full, { hset } as unknown as Redis);
}

describe('ProviderModesPublisher', () => {
  it('publishes demo for providers without a key and live for those with one, for the queues served', async () => {
    const hset = jest.fn().mockResolvedValue(2);
    await publisherFor(
      { PROVIDER_QUEUES: ['openai', 'xai'], OPENAI_API_KEY: 'sk-test', XAI_API_KEY: ' ' },
      hset,
    ).onApplicationBootstrap();

    expect(hset).toHaveBeenCalledWith(providerModesKey('pfx'), { openai: 'live', xai: 'demo' });
  });

  it('boots anyway when Redis refuses the write', async () => {
    const hset = jest.fn().mockRejectedValue(new Error('Connection is closed.'));
    await expect(
      publisherFor({ PROVIDER_QUEUES: ['anthropic'] }, hset).onApplicationBootstrap(),
    ).resolves.toBeUndefined();
  });
});
