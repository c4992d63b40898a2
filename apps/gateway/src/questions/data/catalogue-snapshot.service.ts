import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AgentEntity, ModelEntity, RoleEntity } from '@council/db';
import { Repository } from 'typeorm';
import { CATALOGUE_CACHE_TTL_MS } from '../questions.constants';
import { type CatalogueSnapshot, TtlCache } from '../questions.util';

/** The active catalogue (agents, models, roles) the ask path plans councils from, cached briefly. */
@Injectable()
export class CatalogueSnapshotService {
  private readonly cache = new TtlCache(() => this.load(), CATALOGUE_CACHE_TTL_MS);

  constructor(
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
  ) {}

  get(): Promise<CatalogueSnapshot> {
    return this.cache.get();
  }

  private async load(): Promise<CatalogueSnapshot> {
    const [agents, models, roles] = await Promise.all([
      this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.models.find({
        where: { isActive: true, agent: { isActive: true } },
        order: { position: 'ASC', id: 'ASC' },
      }),
      this.roles.find({ where: { isActive: true } }),
    ]);
    return { agents, models, roles };
  }
}
