import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type AgentResponse, type ModelResponse, type RoleResponse } from '@council/contracts';
import { AgentEntity, ModelEntity, RoleEntity } from '@council/db';
import { Repository } from 'typeorm';

/**
 * The public catalogue. Lists keep the catalogue file's order, because the first agent of each
 * provider with its first model is the default council (spec §4).
 */
@Injectable()
export class CatalogueService {
  constructor(
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
  ) {}

  async listAgents(): Promise<AgentResponse[]> {
    const rows = await this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } });
    return rows.map(({ id, name, provider, description, logoUrl }) => ({
      id,
      name,
      provider,
      description,
      logoUrl,
    }));
  }

  async listModels(): Promise<ModelResponse[]> {
    const rows = await this.models.find({
      where: { isActive: true, agent: { isActive: true } },
      relations: { agent: true },
      order: { agent: { position: 'ASC' }, position: 'ASC', id: 'ASC' },
    });
    return rows.map(({ id, agentId, name, version, description, capabilities, contextWindow }) => ({
      id,
      agentId,
      name,
      version,
      description,
      capabilities,
      contextWindow,
    }));
  }

  /** Role prompts stay on the server: they are how we steer members, not something to publish. */
  async listRoles(): Promise<RoleResponse[]> {
    const rows = await this.roles.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } });
    return rows.map(({ id, name, description, category }) => ({ id, name, description, category }));
  }
}
