import { type DataSource, type EntityManager, type EntityTarget } from 'typeorm';
import { AgentEntity } from '../agent/agent.entity';
import { ModelEntity } from '../model/model.entity';
import { ProviderEntity } from '../provider/provider.entity';
import { RoleEntity } from '../role/role.entity';
import {
  type Catalogue,
  type CatalogueAgent,
  type CatalogueProvider,
  type CatalogueRole,
} from './catalogue.types';

export interface SeedCatalogueResult {
  /** Active entries after the seed, i.e. the entries in the file. */
  providers: number;
  agents: number;
  models: number;
  roles: number;
  /** Entries newly marked inactive because they are no longer in the file. */
  retired: { providers: number; agents: number; models: number; roles: number };
}

type CatalogueEntity = ProviderEntity | AgentEntity | ModelEntity | RoleEntity;

// Same idea as the migration lock: two seeds at once would otherwise retire each other's rows.
const SEED_LOCK_KEY = '7302118442';

// An unchanged row is not rewritten, so its updatedAt stays and a re-seed is a true no-op.
const UPSERT = { skipUpdateIfNoValuesChanged: true } as const;

/** Joins a natural key's parts with a character no name contains. */
const naturalKey = (...parts: (string | number)[]): string => parts.join('\u0000');

/** Upserts providers by key; returns their ids. */
async function seedProviders(manager: EntityManager, providers: CatalogueProvider[]): Promise<number[]> {
  await manager.getRepository(ProviderEntity).upsert(
    providers.map((provider, position) => ({ ...provider, position, isActive: true })),
    { ...UPSERT, conflictPaths: ['key'] },
  );
  const keys = new Set(providers.map((provider) => provider.key));
  const stored = await manager.find(ProviderEntity, { select: { id: true, key: true } });
  return stored.filter((provider) => keys.has(provider.key)).map((provider) => provider.id);
}

/** Upserts agents by (provider, name); returns their ids in file order. */
async function seedAgents(manager: EntityManager, agents: CatalogueAgent[]): Promise<number[]> {
  await manager.getRepository(AgentEntity).upsert(
    agents.map(({ name, provider, description, logoUrl }, position) => ({
      name,
      provider,
      description,
      logoUrl,
      position,
      isActive: true,
    })),
    { ...UPSERT, conflictPaths: ['provider', 'name'] },
  );
  const stored = await manager.find(AgentEntity, { select: { id: true, provider: true, name: true } });
  const ids = new Map(stored.map((agent) => [naturalKey(agent.provider, agent.name), agent.id]));
  return agents.map((agent) => {
    const id = ids.get(naturalKey(agent.provider, agent.name));
    if (!id) throw new Error(`agent ${agent.provider}/${agent.name} was not stored`);
    return id;
  });
}

/** Upserts every agent's models by (agentId, name); returns their ids. */
async function seedModels(
  manager: EntityManager,
  agents: CatalogueAgent[],
  agentIds: number[],
): Promise<number[]> {
  const rows = agents.flatMap((agent, index) =>
    agent.models.map((model, position) => ({
      ...model,
      agentId: agentIds[index],
      position,
      isActive: true,
      // A model the worker discovered and the file now names becomes the file's, with its facts.
      discovered: false,
    })),
  );
  await manager.getRepository(ModelEntity).upsert(rows, { ...UPSERT, conflictPaths: ['agentId', 'name'] });
  const stored = await manager.find(ModelEntity, { select: { id: true, agentId: true, name: true } });
  const ids = new Map(stored.map((model) => [naturalKey(model.agentId, model.name), model.id]));
  return rows.flatMap((row) => ids.get(naturalKey(row.agentId, row.name)) ?? []);
}

/** Upserts roles by name; returns their ids. */
async function seedRoles(manager: EntityManager, roles: CatalogueRole[]): Promise<number[]> {
  if (roles.length === 0) return [];
  await manager.getRepository(RoleEntity).upsert(
    roles.map((role, position) => ({ ...role, position, isActive: true })),
    { ...UPSERT, conflictPaths: ['name'] },
  );
  const names = new Set(roles.map((role) => role.name));
  const stored = await manager.find(RoleEntity, { select: { id: true, name: true } });
  return stored.filter((role) => names.has(role.name)).map((role) => role.id);
}

/**
 * Marks rows not in the file inactive. Nothing is deleted: questions and responses keep pointing
 * at retired agents, models and roles, and the catalogue endpoints list only active ones.
 * `alsoWhere` narrows the rows the file governs.
 */
async function retireMissing(
  manager: EntityManager,
  entity: EntityTarget<CatalogueEntity>,
  keepIds: number[],
  alsoWhere?: string,
): Promise<number> {
  const query = manager
    .createQueryBuilder()
    .update<CatalogueEntity>(entity)
    .set({ isActive: false })
    .where('"isActive" = true');
  if (keepIds.length > 0) query.andWhere('"id" NOT IN (:...keepIds)', { keepIds });
  if (alsoWhere) query.andWhere(alsoWhere);
  const result = await query.execute();
  return result.affected ?? 0;
}

/**
 * Writes the catalogue into providers, agents, models and roles. Idempotent: rows are upserted by
 * natural key (provider: key, agent: provider + name, model: agent + name, role: name), so ids never change and running it
 * twice changes nothing. One transaction: a failure leaves the previous catalogue in place.
 */
export async function seedCatalogue(
  dataSource: DataSource,
  catalogue: Catalogue,
): Promise<SeedCatalogueResult> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const providerIds = await seedProviders(manager, catalogue.providers);
    const agentIds = await seedAgents(manager, catalogue.agents);
    const modelIds = await seedModels(manager, catalogue.agents, agentIds);
    const roleIds = await seedRoles(manager, catalogue.roles);
    return {
      providers: providerIds.length,
      agents: agentIds.length,
      models: modelIds.length,
      roles: roleIds.length,
      retired: {
        providers: await retireMissing(manager, ProviderEntity, providerIds),
        agents: await retireMissing(manager, AgentEntity, agentIds),
        // Discovered models are not in the file: the provider worker keeps them (ModelEntity.discovered).
        models: await retireMissing(manager, ModelEntity, modelIds, '"discovered" = false'),
        roles: await retireMissing(manager, RoleEntity, roleIds),
      },
    };
  });
}
