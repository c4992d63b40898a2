import { providerModesKey } from '@council/contracts';
import { type Redis } from 'ioredis';
import { type ProviderSetup } from '../config/provider-setup';
import { type ProviderWorkerEnv } from '../config/provider-worker.env';
import { ProviderModesPublisher } from './provider-modes.publisher';

function publisherFor(modes: ProviderSetup['modes'], hset: jest.Mock) {
  const env = { REDIS_PREFIX: 'pfx' } as ProviderWorkerEnv;
  return new ProviderModesPublisher(env, { hset } as unknown as Redis, {
    served: [],
    modes,
    discovering: [],
    llm: {},
  });
}

describe('ProviderModesPublisher', () => {
  it('publishes how each provider of the setup answers', async () => {
    const hset = jest.fn().mockResolvedValue(3);
    await publisherFor({ openai: 'live', xai: 'demo', local: 'off' }, hset).onApplicationBootstrap();
    expect(hset).toHaveBeenCalledWith(providerModesKey('pfx'), { openai: 'live', xai: 'demo', local: 'off' });
  });

  it('boots anyway when Redis refuses the write', async () => {
    const hset = jest.fn().mockRejectedValue(new Error('Connection is closed.'));
    await expect(publisherFor({ anthropic: 'demo' }, hset).onApplicationBootstrap()).resolves.toBeUndefined();
  });
});
