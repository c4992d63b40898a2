// Model discovery's writes on the real PostgreSQL (seeded catalogue): several replicas list the same
// server at once, and the catalogue file's own rows are never overwritten.

import { DISCOVERED_MODEL_TEXTS } from '@council/contracts';
import { ModelEntity, createDataSourceOptions } from '@council/db';
import { type TestDatabase, createMigratedDatabase } from '@council/testing';
import { DataSource } from 'typeorm';
import { ModelDiscoveryRepository } from '../src/model-discovery/model-discovery.repository';
import { planModelDiscovery } from '../src/model-discovery/model-discovery.util';

describe('model discovery writes (PostgreSQL)', () => {
  let db: TestDatabase;
  const dataSources: DataSource[] = [];
  let replicas: ModelDiscoveryRepository[];

  beforeAll(async () => {
    db = await createMigratedDatabase('model_discovery', { seed: true });
    for (let index = 0; index < 3; index += 1) {
      const dataSource = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 2 }));
      await dataSource.initialize();
      dataSources.push(dataSource);
    }
    replicas = dataSources.map((dataSource) => new ModelDiscoveryRepository(dataSource));
  });

  afterAll(async () => {
    await Promise.all(dataSources.map((dataSource) => dataSource.destroy()));
    await db?.drop();
  });

  const localRows = () =>
    dataSources[0].getRepository(ModelEntity).find({
      where: { agent: { provider: 'local' } },
      order: { id: 'ASC' },
    });

  /** What one replica's refresh writes for a listing. */
  const refresh = async (replica: ModelDiscoveryRepository, serverIds: string[]) => {
    const { firstAgentId, rows } = await replica.providerModels('local');
    const plan = planModelDiscovery(serverIds, rows);
    if (firstAgentId !== null) await replica.addDiscovered(firstAgentId, plan.add);
    await replica.retireDiscovered(plan.retire);
    return plan;
  };

  it('writes each unknown model once when replicas list the server at the same time', async () => {
    const listing = ['llama3.2:latest', 'qwen2.5', 'phi4', 'mistral:7b'];
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(replicas.map((replica) => refresh(replica, listing)));
    }
    const rows = await localRows();
    expect(rows.map((row) => [row.name, row.discovered, row.isActive])).toEqual([
      ['llama3.2', false, true],
      ['mistral:7b', true, true],
      ['phi4', true, true],
      ['qwen2.5', true, true],
    ]);
    const qwen = rows.find((row) => row.name === 'qwen2.5');
    expect(qwen).toMatchObject({
      apiModel: 'qwen2.5',
      description: DISCOVERED_MODEL_TEXTS.description,
      facts: null,
      contextWindow: null,
      version: null,
      typicalOutputTokens: null,
    });
    // The catalogue's own model keeps its facts.
    expect(rows[0]?.facts?.releaseDate).toBe('September 2024');
  });

  it('keeps a model that leaves the list, and never turns the file’s row into a discovered one', async () => {
    const before = await localRows();
    await refresh(replicas[0], ['llama3.2']);
    expect(await localRows()).toEqual(before);
    const [llama] = before;
    if (!llama) throw new Error('no local model seeded');
    // Even asked to, the upsert leaves an active row alone.
    await replicas[1].addDiscovered(llama.agentId, ['llama3.2']);
    expect((await localRows())[0]).toEqual(llama);
  });

  it('revives a retired row for a listed model, and retires a discovered row the file now describes', async () => {
    const models = dataSources[0].getRepository(ModelEntity);
    const phi = await models.findOneByOrFail({ name: 'phi4' });
    await models.update(phi.id, { isActive: false });
    await refresh(replicas[0], ['phi4']);
    expect(await models.findOneByOrFail({ id: phi.id })).toMatchObject({ isActive: true, discovered: true });

    // The file gains a model under another name whose apiModel is qwen2.5.
    const qwen = await models.findOneByOrFail({ name: 'qwen2.5' });
    const described = await models.save({ agentId: qwen.agentId, name: 'Qwen 2.5', apiModel: 'qwen2.5' });
    const plan = await refresh(replicas[0], ['qwen2.5']);
    expect(plan.retire).toEqual([qwen.id]);
    expect(await models.findOneByOrFail({ id: qwen.id })).toMatchObject({
      isActive: false,
      discovered: true,
    });
    expect(await models.findOneByOrFail({ id: described.id })).toMatchObject({
      isActive: true,
      discovered: false,
    });
  });
});
