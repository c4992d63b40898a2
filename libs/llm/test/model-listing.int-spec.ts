import { type FakeProviderServer, startFakeProviderServer } from '@council/testing';
import { OpenAiModelsLister, createModelLister } from '../src';

describe('listing an OpenAI-compatible server’s models (real openai SDK, GET /v1/models)', () => {
  let fake: FakeProviderServer;

  beforeAll(async () => {
    fake = await startFakeProviderServer({ models: ['llama3.2:latest', 'qwen2.5'], apiKeys: ['sk-local'] });
  });
  afterAll(() => fake.stop());

  const lister = (apiKey = 'sk-local') =>
    new OpenAiModelsLister({ provider: 'local', apiKey, baseUrl: fake.openaiBaseUrl });

  it('returns the listed ids in the server’s order', async () => {
    const before = fake.modelListings;
    expect(await lister().list(new AbortController().signal)).toEqual(['llama3.2:latest', 'qwen2.5']);
    expect(fake.modelListings).toBe(before + 1);
  });

  it('lists what the server lists now, including nothing', async () => {
    fake.configure({ models: [] });
    try {
      expect(await lister().list(new AbortController().signal)).toEqual([]);
    } finally {
      fake.configure({ models: ['llama3.2:latest', 'qwen2.5'] });
    }
  });

  it('throws when the server refuses the key, or has gone', async () => {
    await expect(lister('sk-wrong').list(new AbortController().signal)).rejects.toMatchObject({
      status: 401,
    });
    const gone = await startFakeProviderServer();
    const baseUrl = gone.openaiBaseUrl;
    await gone.stop();
    const orphan = new OpenAiModelsLister({ provider: 'local', apiKey: 'x', baseUrl });
    await expect(orphan.list(new AbortController().signal)).rejects.toThrow();
  });

  it('is built from the connection a live provider answers with', async () => {
    const config = {
      compatible: {
        local: {
          baseUrl: fake.openaiBaseUrl,
          apiKey: 'sk-local',
          needsKey: false,
          keyVariable: 'LOCAL_BASE_URL',
        },
      },
    };
    const built = createModelLister('local', config);
    expect(await built?.list(new AbortController().signal)).toEqual(['llama3.2:latest', 'qwen2.5']);
  });
});
