import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { errorMessage, providerModesKey } from '@council/contracts';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { type ProviderSetup } from '../config/provider-setup';
import { ProviderWorkerEnv } from '../config/provider-worker.env';

export const PROVIDER_SETUP = Symbol('PROVIDER_SETUP');

/**
 * Tells the gateway, through Redis, how each provider of this process answers: live, demo (labelled
 * "demo", DECISIONS 15) or off (its agents are hidden). Workers of one provider share a config, so
 * the last writer says the same as the first.
 */
@Injectable()
export class ProviderModesPublisher implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProviderModesPublisher.name);

  constructor(
    private readonly env: ProviderWorkerEnv,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(PROVIDER_SETUP) private readonly setup: ProviderSetup,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (Object.keys(this.setup.modes).length === 0) return;
    try {
      await this.redis.hset(providerModesKey(this.env.REDIS_PREFIX), this.setup.modes);
    } catch (error) {
      // Only the labels and the picker depend on it; answering does not.
      this.logger.warn(`Could not publish provider modes: ${errorMessage(error)}`);
    }
  }
}
