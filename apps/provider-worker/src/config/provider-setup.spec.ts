import { type CompatibleProviderEntry } from './llm-config';
import { providerSetup } from './provider-setup';
import { type ProviderWorkerEnv } from './provider-worker.env';

const catalogue: CompatibleProviderEntry[] = [
  { key: 'openai', baseUrlEnv: 'OPENAI_BASE_URL', apiKeyEnv: 'OPENAI_API_KEY', defaultBaseUrl: null },
  {
    key: 'gemini',
    baseUrlEnv: 'GEMINI_BASE_URL',
    apiKeyEnv: 'GEMINI_API_KEY',
    defaultBaseUrl: 'https://gemini.example/v1',
  },
  { key: 'llama', baseUrlEnv: 'LLAMA_BASE_URL', apiKeyEnv: 'LLAMA_API_KEY', defaultBaseUrl: null },
  { key: 'local', baseUrlEnv: 'LOCAL_BASE_URL', apiKeyEnv: null, defaultBaseUrl: null, discoverModels: true },
];

const env = (overrides: Partial<ProviderWorkerEnv> = {}) =>
  ({ PROVIDER_IDLE_TIMEOUT_MS: 30_000, OPENAI_API_KEY: 'sk-1', ...overrides }) as ProviderWorkerEnv;

describe('providerSetup', () => {
  it('serves every provider that is not off, and reports the off ones', () => {
    const setup = providerSetup(env(), catalogue, { GEMINI_API_KEY: 'g-1', LLAMA_API_KEY: 'l-1' });
    expect(setup.served).toEqual(['openai', 'anthropic', 'xai', 'gemini']);
    expect(setup.modes).toEqual({
      openai: 'live',
      anthropic: 'demo',
      xai: 'demo',
      gemini: 'live',
      llama: 'off',
      local: 'off',
    });
    expect(setup.llm.compatible?.['gemini']?.baseUrl).toBe('https://gemini.example/v1');
  });

  it('switches a local server on with its base URL alone', () => {
    const setup = providerSetup(env({ PROVIDER_QUEUES: ['local'] }), catalogue, {
      LOCAL_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(setup.served).toEqual(['local']);
    expect(setup.modes).toEqual({ local: 'live' });
    expect(setup.discovering).toEqual(['local']);
  });

  it('lists the models of served providers that ask for it, and of no provider that is off', () => {
    expect(providerSetup(env(), catalogue, {}).discovering).toEqual([]);
    const on = providerSetup(env(), catalogue, {
      LOCAL_BASE_URL: 'http://127.0.0.1:11434/v1',
      GEMINI_API_KEY: 'g',
    });
    expect(on.served).toEqual(['openai', 'anthropic', 'xai', 'gemini', 'local']);
    expect(on.discovering).toEqual(['local']);
  });

  it('refuses to serve a provider the catalogue does not list', () => {
    expect(() => providerSetup(env({ PROVIDER_QUEUES: ['openai', 'nope'] }), catalogue, {})).toThrow(
      /PROVIDER_QUEUES names providers the catalogue does not list: nope/,
    );
  });
});
