import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AgentResponse,
  type ModelResponse,
  type RoleResponse,
  TYPICAL_OUTPUT_TOKENS_DEFAULT,
  providerLabel,
} from '@council/contracts';
import { AgentEntity, ModelEntity, ProviderEntity, RoleEntity } from '@council/db';
import { Repository } from 'typeorm';
import { ProviderModesService, isProviderOffered } from './provider-modes.service';

/**
 * The public catalogue. Lists keep the catalogue file's order, because the first agent of each
 * provider with its first model is the default council (spec §4). Agents of an OpenAI-compatible
 * provider that is not configured are left out, with their models.
 */
@Injectable()
export class CatalogueService {
  constructor(
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    @InjectRepository(ProviderEntity) private readonly providers: Repository<ProviderEntity>,
    private readonly providerModes: ProviderModesService,
  ) {}

  async listAgents(): Promise<AgentResponse[]> {
    const [rows, modes, providers] = await Promise.all([
      this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.providerModes.modes(),
      this.providers.find({ select: { key: true, name: true } }),
    ]);
    const names = new Map(providers.map((provider) => [provider.key, provider.name]));
    return rows
      .filter((agent) => isProviderOffered(agent.provider, modes))
      .map(({ id, name, provider, description, logoUrl }) => ({
        id,
        name,
        provider,
        providerName: providerLabel(provider, names.get(provider)),
        description,
        logoUrl,
        demo: modes[provider] === 'demo',
      }));
  }

  async listModels(): Promise<ModelResponse[]> {
    const [all, modes] = await Promise.all([
      this.models.find({
        where: { isActive: true, agent: { isActive: true } },
        relations: { agent: true },
        order: { agent: { position: 'ASC' }, position: 'ASC', id: 'ASC' },
      }),
      this.providerModes.modes(),
    ]);
    const rows = all.filter((model) => model.agent && isProviderOffered(model.agent.provider, modes));
    return rows.map(
      ({
        id,
        agentId,
        name,
        version,
        description,
        capabilities,
        contextWindow,
        facts,
        typicalOutputTokens,
      }) => ({
        id,
        agentId,
        name,
        version,
        description,
        capabilities,
        contextWindow,
        facts,
        // A model the seed has not described yet is quoted at the default.
        typicalOutputTokens: typicalOutputTokens ?? TYPICAL_OUTPUT_TOKENS_DEFAULT,
      }),
    );
  }

  /** Role prompts stay on the server: they are how we steer members, not something to publish. */
  async listRoles(): Promise<RoleResponse[]> {
    const rows = await this.roles.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } });
    return rows.map(({ id, name, description, category }) => ({ id, name, description, category }));
  }
}
