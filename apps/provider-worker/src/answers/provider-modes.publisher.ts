import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type ProviderMode, providerModesKey, errorMessage } from '@council/contracts';
import { isDemoProvider } from '@council/llm';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { llmConfigFromEnv } from '../config/llm-config';
import { ProviderWorkerEnv } from '../config/provider-worker.env';

/**
 * Tells the gateway, through Redis, which of this process's providers answer from the demo adapter,
 * so their answers are labelled "demo" (DECISIONS 15). Workers of one provider share a config, so
 * the last writer says the same as the first.
 */
@Injectable()
export class ProviderModesPublisher implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProviderModesPublisher.name);

  constructor(
    private readonly env: ProviderWorkerEnv,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const llm = llmConfigFromEnv(this.env);
    const modes: Record<string, ProviderMode> = {};
    for (const provider of this.env.PROVIDER_QUEUES) {
      modes[provider] = isDemoProvider(provider, llm) ? 'demo' : 'live';
    }
    try {
      await this.redis.hset(providerModesKey(this.env.REDIS_PREFIX), modes);
    } catch (error) {
      // Only the label depends on it; answering does not.
      this.logger.warn(`Could not publish provider modes: ${errorMessage(error)}`);
    }
  }
}
