import { PROVIDERS } from '@council/contracts';
import { type DataSource } from 'typeorm';
import { AgentEntity } from '../src/agent/agent.entity';
import { DEFAULT_CATALOGUE_FILE, loadCatalogueFile } from '../src/catalogue/catalogue.loader';
import { seedCatalogue } from '../src/catalogue/catalogue.seeder';
import { type Catalogue } from '../src/catalogue/catalogue.types';
import { ModelEntity } from '../src/model/model.entity';
import { ProviderEntity } from '../src/provider/provider.entity';
import { RoleEntity } from '../src/role/role.entity';
import { connectMigratedDataSource } from './support/test-data-source';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/test-database';

/** Every catalogue row, every column, in a stable order: equal snapshots mean nothing changed. */
async function snapshot(dataSource: DataSource) {
  return {
    agents: await dataSource.getRepository(AgentEntity).find({ order: { id: 'ASC' } }),
    models: await dataSource.getRepository(ModelEntity).find({ order: { id: 'ASC' } }),
    roles: await dataSource.getRepository(RoleEntity).find({ order: { id: 'ASC' } }),
  };
}

describe('catalogue seed', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await connectMigratedDataSource(database);
    catalogue = loadCatalogueFile(DEFAULT_CATALOGUE_FILE);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    if (database) await dropTestDatabase(database);
  });

  it('ships a catalogue big enough for a 10-member council across all three built-in providers', async () => {
    const agents = await dataSource.getRepository(AgentEntity).count();
    expect(agents).toBe(0);
    expect(catalogue.agents.length).toBeGreaterThanOrEqual(10);
    const builtIn = catalogue.agents.filter((agent) =>
      (PROVIDERS as readonly string[]).includes(agent.provider),
    );
    expect(new Set(builtIn.map((agent) => agent.provider))).toEqual(new Set(PROVIDERS));
    expect(builtIn.length).toBeGreaterThanOrEqual(10);
    // The OpenAI-compatible providers the README shows how to switch on, each with an agent.
    expect(catalogue.providers.map((provider) => provider.key)).toEqual([
      ...PROVIDERS,
      'gemini',
      'mistral',
      'llama',
      'local',
    ]);
    for (const provider of catalogue.providers) {
      expect(catalogue.agents.some((agent) => agent.provider === provider.key)).toBe(true);
    }
    expect(catalogue.roles.length).toBeGreaterThanOrEqual(8);
    expect(catalogue.roles.some((role) => role.category === null)).toBe(true);
  });

  it('is idempotent: a second run keeps every row, id and timestamp', async () => {
    const first = await seedCatalogue(dataSource, catalogue);
    const afterFirst = await snapshot(dataSource);
    const second = await seedCatalogue(dataSource, catalogue);
    const afterSecond = await snapshot(dataSource);

    const modelCount = catalogue.agents.reduce((sum, agent) => sum + agent.models.length, 0);
    const expected = {
      providers: catalogue.providers.length,
      agents: catalogue.agents.length,
      models: modelCount,
      roles: catalogue.roles.length,
    };
    expect(first).toEqual({ ...expected, retired: { providers: 0, agents: 0, models: 0, roles: 0 } });
    expect(second).toEqual(first);
    expect(afterFirst.agents).toHaveLength(expected.agents);
    expect(afterFirst.models).toHaveLength(expected.models);
    expect(afterFirst.roles).toHaveLength(expected.roles);
    expect(afterSecond).toEqual(afterFirst);
    // A fresh database numbers the catalogue 1, 2, 3… in file order.
    expect(afterFirst.agents.map((agent) => [agent.id, agent.name])).toEqual(
      catalogue.agents.map((agent, index) => [index + 1, agent.name]),
    );
    expect(afterFirst.roles.map((role) => [role.id, role.name])).toEqual(
      catalogue.roles.map((role, index) => [index + 1, role.name]),
    );
  });

  it('gives every agent at least one model, and stores the file order', async () => {
    const agents = await dataSource.getRepository(AgentEntity).find({
      relations: { models: true },
      order: { position: 'ASC', models: { position: 'ASC' } },
    });
    expect(agents.map((agent) => agent.name)).toEqual(catalogue.agents.map((agent) => agent.name));
    for (const agent of agents) expect(agent.models?.length).toBeGreaterThanOrEqual(1);
  });

  it('yields the default council: first agent of each provider with its first model', async () => {
    const agents = await dataSource.getRepository(AgentEntity).find({
      relations: { models: true },
      order: { position: 'ASC', models: { position: 'ASC' } },
    });
    const defaults = PROVIDERS.map((provider) => {
      const agent = agents.find((candidate) => candidate.provider === provider);
      return `${agent?.name}/${agent?.models?.[0]?.name}`;
    });
    expect(defaults).toEqual(['ChatGPT/gpt-4o', 'Claude/claude-sonnet-4', 'Grok/grok-3']);
  });

  it("stores each model's typical output from the file, changes it in place, and refuses a non-positive one", async () => {
    const stored = await dataSource.getRepository(ModelEntity).find({ relations: { agent: true } });
    const byKey = new Map(
      stored.map((row) => [`${row.agent?.provider}/${row.agent?.name}/${row.name}`, row]),
    );
    const listed = catalogue.agents.flatMap((agent) =>
      agent.models.map((entry) => [`${agent.provider}/${agent.name}/${entry.name}`, entry] as const),
    );
    for (const [key, entry] of listed) {
      // The shipped file names a figure for every model (none falls back to the default).
      expect(Number.isSafeInteger(entry.typicalOutputTokens) && entry.typicalOutputTokens > 0).toBe(true);
      expect(byKey.get(key)?.typicalOutputTokens).toBe(entry.typicalOutputTokens);
    }
    // Reasoning models bill their hidden reasoning: their typical answer is longer than a chat model's.
    const typicalOf = (name: string) =>
      listed.find(([, entry]) => entry.name === name)?.[1].typicalOutputTokens;
    expect(typicalOf('o3-mini')).toBeGreaterThan(typicalOf('gpt-4o') ?? Infinity);

    const [first, ...rest] = catalogue.agents;
    if (!first?.models[0]) throw new Error('catalogue has no agents');
    const edited: Catalogue = {
      ...catalogue,
      agents: [
        { ...first, models: [{ ...first.models[0], typicalOutputTokens: 777 }, ...first.models.slice(1)] },
        ...rest,
      ],
    };
    const before = await dataSource
      .getRepository(ModelEntity)
      .findOneByOrFail({ name: first.models[0].name });
    await seedCatalogue(dataSource, edited);
    const after = await dataSource.getRepository(ModelEntity).findOneByOrFail({ id: before.id });
    expect(after.typicalOutputTokens).toBe(777);
    await seedCatalogue(dataSource, catalogue);
    const restored = await dataSource.getRepository(ModelEntity).findOneByOrFail({ id: before.id });
    expect(restored.typicalOutputTokens).toBe(first.models[0].typicalOutputTokens);

    await expect(
      dataSource.query(`UPDATE "models" SET "typicalOutputTokens" = 0 WHERE "id" = $1`, [before.id]),
    ).rejects.toThrow(/CHK_models_typicalOutputTokens_positive/);
  });

  it('updates edited entries in place and retires removed ones without deleting them', async () => {
    const before = await snapshot(dataSource);
    const [firstAgent, ...otherAgents] = catalogue.agents;
    if (!firstAgent) throw new Error('catalogue has no agents');
    const edited: Catalogue = {
      providers: catalogue.providers,
      agents: [
        { ...firstAgent, description: 'Edited description', models: firstAgent.models.slice(0, 1) },
        ...otherAgents.slice(0, -1),
      ],
      roles: catalogue.roles.slice(1),
    };

    const result = await seedCatalogue(dataSource, edited);
    const retiredModels = firstAgent.models.length - 1 + (otherAgents.at(-1)?.models.length ?? 0);
    expect(result.retired).toEqual({ providers: 0, agents: 1, models: retiredModels, roles: 1 });
    const after = await snapshot(dataSource);
    expect(after.agents.map((agent) => agent.id)).toEqual(before.agents.map((agent) => agent.id));
    expect(after.agents.find((agent) => agent.name === firstAgent.name)?.description).toBe(
      'Edited description',
    );
    expect(after.agents.filter((agent) => !agent.isActive).map((agent) => agent.name)).toEqual([
      otherAgents.at(-1)?.name,
    ]);

    // Putting the entries back revives the same rows.
    const restored = await seedCatalogue(dataSource, catalogue);
    expect(restored.retired).toEqual({ providers: 0, agents: 0, models: 0, roles: 0 });
    const final = await snapshot(dataSource);
    expect(final.agents.map((agent) => agent.id)).toEqual(before.agents.map((agent) => agent.id));
    expect(final.models.map((model) => model.id)).toEqual(before.models.map((model) => model.id));
    expect(final.roles.map((role) => role.id)).toEqual(before.roles.map((role) => role.id));
    expect([...final.agents, ...final.models, ...final.roles].every((row) => row.isActive)).toBe(true);
  });

  it('leaves the models a provider worker discovered alone, and takes over one the file comes to name', async () => {
    const local = await dataSource.getRepository(AgentEntity).findOneByOrFail({ provider: 'local' });
    const models = dataSource.getRepository(ModelEntity);
    const discovered = await models.save({
      agentId: local.id,
      name: 'qwen2.5',
      apiModel: 'qwen2.5',
      discovered: true,
    });
    const stored = await dataSource.getRepository(ProviderEntity).findOneByOrFail({ key: 'local' });
    expect(stored.discoverModels).toBe(true);

    const result = await seedCatalogue(dataSource, catalogue);
    expect(result.retired.models).toBe(0);
    expect(await models.findOneByOrFail({ id: discovered.id })).toMatchObject({
      isActive: true,
      discovered: true,
    });

    const localAgent = catalogue.agents.find((agent) => agent.provider === 'local');
    const template = localAgent?.models[0];
    if (!localAgent || !template) throw new Error('catalogue has no local model');
    const naming: Catalogue = {
      ...catalogue,
      agents: catalogue.agents.map((agent) =>
        agent === localAgent
          ? { ...agent, models: [...agent.models, { ...template, name: 'qwen2.5', apiModel: 'qwen2.5' }] }
          : agent,
      ),
    };
    await seedCatalogue(dataSource, naming);
    const named = await models.findOneByOrFail({ id: discovered.id });
    expect(named).toMatchObject({ isActive: true, discovered: false, facts: template.facts });
    // Named by the file now, it is retired like any other entry the file drops.
    expect((await seedCatalogue(dataSource, catalogue)).retired.models).toBe(1);
    expect((await models.findOneByOrFail({ id: discovered.id })).isActive).toBe(false);
  });
});
