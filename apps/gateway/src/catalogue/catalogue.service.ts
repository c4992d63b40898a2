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
import { ListedModelsService } from './listed-models.service';
import { offerListedModels } from './offered-models.util';
import { ProviderModesService, isProviderOffered } from './provider-modes.service';

/**
 * The public catalogue. Lists keep the catalogue file's order, because the first agent of each
 * provider with its first model is the default council (spec §4). Agents of an OpenAI-compatible
 * provider that is not configured are left out, with their models; a provider that discovers its
 * models offers those its server lists (offerListedModels).
 */
@Injectable()
export class CatalogueService {
  constructor(
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    @InjectRepository(ProviderEntity) private readonly providers: Repository<ProviderEntity>,
    private readonly providerModes: ProviderModesService,
    private readonly listedModels: ListedModelsService,
  ) {}

  async listAgents(): Promise<AgentResponse[]> {
    const [rows, modes, providers, listed] = await Promise.all([
      this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.providerModes.modes(),
      this.providers.find({ select: { key: true, name: true } }),
      this.listedModels.listed(),
    ]);
    const names = new Map(providers.map((provider) => [provider.key, provider.name]));
    const offered = rows.filter((agent) => isProviderOffered(agent.provider, modes));
    // Only a discovering provider's agents can run out of models; the others need no model query.
    const agents = offered.some((agent) => listed.has(agent.provider))
      ? offerListedModels(offered, await this.activeModels(), listed).agents
      : offered;
    return agents.map(({ id, name, provider, description, logoUrl }) => ({
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
    const [all, modes, listed] = await Promise.all([
      this.models.find({
        where: { isActive: true, agent: { isActive: true } },
        relations: { agent: true },
        order: { agent: { position: 'ASC' }, position: 'ASC', id: 'ASC' },
      }),
      this.providerModes.modes(),
      this.listedModels.listed(),
    ]);
    const agents = new Map<number, AgentEntity>();
    for (const model of all) if (model.agent) agents.set(model.agentId, model.agent);
    const offered = [...agents.values()].filter((agent) => isProviderOffered(agent.provider, modes));
    const { models: rows } = offerListedModels(offered, all, listed);
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

  /** What offerListedModels reads of every active model. */
  private activeModels(): Promise<ModelEntity[]> {
    return this.models.find({
      select: { id: true, agentId: true, name: true, apiModel: true, discovered: true },
      where: { isActive: true, agent: { isActive: true } },
    });
  }

  /** Role prompts stay on the server: they are how we steer members, not something to publish. */
  async listRoles(): Promise<RoleResponse[]> {
    const rows = await this.roles.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } });
    return rows.map(({ id, name, description, category }) => ({ id, name, description, category }));
  }
}
