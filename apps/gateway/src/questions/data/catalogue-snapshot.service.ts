import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AgentEntity, ModelEntity, RoleEntity } from '@council/db';
import { Repository } from 'typeorm';
import { ListedModelsService } from '../../catalogue/listed-models.service';
import { offerListedModels } from '../../catalogue/offered-models.util';
import { ProviderModesService, isProviderOffered } from '../../catalogue/provider-modes.service';
import { CATALOGUE_CACHE_TTL_MS } from '../questions.constants';
import { type CatalogueSnapshot, TtlCache } from '../questions.util';

/**
 * The active catalogue (agents, models, roles) the ask path plans councils from, cached briefly.
 * Agents of a provider that is not offered (isProviderOffered) are left out, and so are the models a
 * discovering provider's server no longer lists (offerListedModels), so asking one is the same 400
 * as asking an unknown agent.
 */
@Injectable()
export class CatalogueSnapshotService {
  private readonly cache = new TtlCache(() => this.load(), CATALOGUE_CACHE_TTL_MS);

  constructor(
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    private readonly providerModes: ProviderModesService,
    private readonly listedModels: ListedModelsService,
  ) {}

  get(): Promise<CatalogueSnapshot> {
    return this.cache.get();
  }

  private async load(): Promise<CatalogueSnapshot> {
    const [allAgents, allModels, roles, modes, listed] = await Promise.all([
      this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.models.find({
        where: { isActive: true, agent: { isActive: true } },
        order: { position: 'ASC', id: 'ASC' },
      }),
      this.roles.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.providerModes.modes(),
      this.listedModels.listed(),
    ]);
    const offered = allAgents.filter((agent) => isProviderOffered(agent.provider, modes));
    const { agents, models } = offerListedModels(offered, allModels, listed);
    return { agents, models, roles, modes };
  }
}
