import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AgentEntity, ModelEntity, RoleEntity } from '@council/db';
import { Repository } from 'typeorm';
import { ProviderModesService, isProviderOffered } from '../../catalogue/provider-modes.service';
import { CATALOGUE_CACHE_TTL_MS } from '../questions.constants';
import { type CatalogueSnapshot, TtlCache } from '../questions.util';

/**
 * The active catalogue (agents, models, roles) the ask path plans councils from, cached briefly.
 * Agents of a provider that is not offered (isProviderOffered) are left out, so asking one is the
 * same 400 as asking an unknown agent.
 */
@Injectable()
export class CatalogueSnapshotService {
  private readonly cache = new TtlCache(() => this.load(), CATALOGUE_CACHE_TTL_MS);

  constructor(
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    private readonly providerModes: ProviderModesService,
  ) {}

  get(): Promise<CatalogueSnapshot> {
    return this.cache.get();
  }

  private async load(): Promise<CatalogueSnapshot> {
    const [allAgents, allModels, roles, modes] = await Promise.all([
      this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.models.find({
        where: { isActive: true, agent: { isActive: true } },
        order: { position: 'ASC', id: 'ASC' },
      }),
      this.roles.find({ where: { isActive: true } }),
      this.providerModes.modes(),
    ]);
    const agents = allAgents.filter((agent) => isProviderOffered(agent.provider, modes));
    const offered = new Set(agents.map((agent) => agent.id));
    const models = allModels.filter((model) => offered.has(model.agentId));
    return { agents, models, roles };
  }
}
