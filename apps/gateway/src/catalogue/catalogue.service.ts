import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AgentResponse,
  type ModelResponse,
  type RoleResponse,
  providerModesKey,
  errorMessage,
} from '@council/contracts';
import { AgentEntity, ModelEntity, RoleEntity } from '@council/db';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { Repository } from 'typeorm';
import { GatewayEnv } from '../config/gateway.env';

/**
 * The public catalogue. Lists keep the catalogue file's order, because the first agent of each
 * provider with its first model is the default council (spec §4).
 */
@Injectable()
export class CatalogueService {
  private readonly logger = new Logger(CatalogueService.name);

  constructor(
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly env: GatewayEnv,
  ) {}

  async listAgents(): Promise<AgentResponse[]> {
    const [rows, modes] = await Promise.all([
      this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.providerModes(),
    ]);
    return rows.map(({ id, name, provider, description, logoUrl }) => ({
      id,
      name,
      provider,
      description,
      logoUrl,
      demo: modes[provider] === 'demo',
    }));
  }

  /** What the provider workers published at boot (DECISIONS 15); empty when unknown. */
  private async providerModes(): Promise<Record<string, string>> {
    try {
      return await this.redis.hgetall(providerModesKey(this.env.REDIS_PREFIX));
    } catch (error) {
      this.logger.warn(`Provider modes unavailable: ${errorMessage(error)}`);
      return {};
    }
  }

  async listModels(): Promise<ModelResponse[]> {
    const rows = await this.models.find({
      where: { isActive: true, agent: { isActive: true } },
      relations: { agent: true },
      order: { agent: { position: 'ASC' }, position: 'ASC', id: 'ASC' },
    });
    return rows.map(({ id, agentId, name, version, description, capabilities, contextWindow, facts }) => ({
      id,
      agentId,
      name,
      version,
      description,
      capabilities,
      contextWindow,
      facts,
    }));
  }

  /** Role prompts stay on the server: they are how we steer members, not something to publish. */
  async listRoles(): Promise<RoleResponse[]> {
    const rows = await this.roles.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } });
    return rows.map(({ id, name, description, category }) => ({ id, name, description, category }));
  }
}
