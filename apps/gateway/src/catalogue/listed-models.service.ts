import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { errorMessage, listedModelSet, listedModelsKey, readListedModels } from '@council/contracts';
import { ProviderEntity } from '@council/db';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { Repository } from 'typeorm';
import { GatewayEnv } from '../config/gateway.env';
import { type ListedModels } from './offered-models.util';

/**
 * The models the servers of discovering providers listed, as their provider workers published them
 * (ModelDiscoveryService). A list that lapsed, or one Redis cannot give, is empty: the provider's
 * models are then hidden rather than offered unchecked.
 */
@Injectable()
export class ListedModelsService {
  private readonly logger = new Logger(ListedModelsService.name);

  constructor(
    @InjectRepository(ProviderEntity) private readonly providers: Repository<ProviderEntity>,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly env: GatewayEnv,
  ) {}

  async listed(): Promise<ListedModels> {
    const discovering = await this.providers.find({
      select: { key: true },
      where: { isActive: true, discoverModels: true },
    });
    // One GET per provider: on a Redis Cluster the keys sit in different slots.
    const lists = await Promise.all(
      discovering.map(async ({ key }) => {
        try {
          return readListedModels(await this.redis.get(listedModelsKey(this.env.REDIS_PREFIX, key)));
        } catch (error) {
          this.logger.warn(`Listed models of ${key} unavailable: ${errorMessage(error)}`);
          return [];
        }
      }),
    );
    return new Map(discovering.map(({ key }, index) => [key, listedModelSet(lists[index] ?? [])]));
  }
}
