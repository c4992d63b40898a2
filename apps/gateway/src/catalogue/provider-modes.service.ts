import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ProviderMode, isBuiltInProvider, providerModesKey } from '@council/contracts';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/**
 * What the provider workers published at boot (DECISIONS 15): which providers answer live, which in
 * demo mode, and which OpenAI-compatible ones are not configured.
 */
@Injectable()
export class ProviderModesService {
  private readonly logger = new Logger(ProviderModesService.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly env: GatewayEnv,
  ) {}

  /** Empty when unknown (Redis down, or no worker has started yet). */
  async modes(): Promise<Readonly<Record<string, ProviderMode>>> {
    try {
      return (await this.redis.hgetall(providerModesKey(this.env.REDIS_PREFIX))) as Record<
        string,
        ProviderMode
      >;
    } catch (error) {
      this.logger.warn(`Provider modes unavailable: ${(error as Error).message}`);
      return {};
    }
  }
}

/**
 * Whether a provider's agents are offered: the built-in ones always (live or demo); one the
 * catalogue adds only once a worker reports it configured, so nobody asks a model nothing serves.
 */
export function isProviderOffered(provider: string, modes: Readonly<Record<string, ProviderMode>>): boolean {
  return isBuiltInProvider(provider) || modes[provider] === 'live';
}
