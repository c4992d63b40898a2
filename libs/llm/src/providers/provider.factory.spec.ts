import { DemoProvider } from '../demo/demo.provider';
import { AnthropicProvider, supportsExtendedThinking, thinkingBudget } from './anthropic.provider';
import { OpenAiProvider, acceptsTemperature } from './openai.provider';
import { OpenAiModelsLister } from './openai-models.lister';
import { createModelLister, createProvider, isDemoProvider, providerMode } from './provider.factory';

describe('createProvider', () => {
  it('uses the real adapter when a key is configured', () => {
    const config = { openai: { apiKey: 'sk-1' }, anthropic: { apiKey: 'sk-ant' }, xai: { apiKey: 'xai-1' } };
    expect(createProvider('openai', config)).toBeInstanceOf(OpenAiProvider);
    expect(createProvider('anthropic', config)).toBeInstanceOf(AnthropicProvider);
    const xai = createProvider('xai', config);
    expect(xai).toBeInstanceOf(OpenAiProvider);
    expect(xai.name).toBe('xai');
  });

  it('falls back to the demo adapter without a key (DECISIONS 15)', () => {
    const config = { openai: { apiKey: '  ' }, anthropic: {}, demo: { charsPerSecond: 0 } };
    for (const provider of ['openai', 'anthropic', 'xai'] as const) {
      const adapter = createProvider(provider, config);
      expect(adapter).toBeInstanceOf(DemoProvider);
      expect(adapter.name).toBe('demo');
      expect((adapter as DemoProvider).standsInFor).toBe(provider);
      expect(isDemoProvider(provider, config)).toBe(true);
    }
  });
});

describe('OpenAI-compatible providers from the catalogue', () => {
  const compatible = {
    gemini: {
      baseUrl: 'https://gemini.example/v1',
      apiKey: 'g-1',
      needsKey: true,
      keyVariable: 'GEMINI_API_KEY',
    },
    mistral: {
      baseUrl: 'https://mistral.example/v1',
      apiKey: null,
      needsKey: true,
      keyVariable: 'MISTRAL_API_KEY',
    },
    local: { baseUrl: 'http://127.0.0.1:11434/v1', needsKey: false, keyVariable: 'LOCAL_BASE_URL' },
    llama: { baseUrl: null, apiKey: 'l-1', needsKey: true, keyVariable: 'LLAMA_BASE_URL' },
  };

  it('are live once their URL (and key, where one is needed) are set, and off otherwise', () => {
    const config = { compatible };
    expect(providerMode('gemini', config)).toBe('live');
    expect(providerMode('local', config)).toBe('live');
    expect(providerMode('mistral', config)).toBe('off');
    expect(providerMode('llama', config)).toBe('off');
    expect(providerMode('toString', config)).toBe('off');
    expect(providerMode('openai', config)).toBe('demo');
  });

  it('speak the OpenAI format under their own name', () => {
    const gemini = createProvider('gemini', { compatible });
    expect(gemini).toBeInstanceOf(OpenAiProvider);
    expect(gemini.name).toBe('gemini');
    expect(createProvider('local', { compatible }).name).toBe('local');
  });

  it('have their models listed while live, never a built-in or an off provider', () => {
    const config = { compatible, openai: { apiKey: 'sk-1' } };
    expect(createModelLister('local', config)).toBeInstanceOf(OpenAiModelsLister);
    expect(createModelLister('gemini', config)?.provider).toBe('gemini');
    expect(createModelLister('mistral', config)).toBeNull();
    expect(createModelLister('llama', config)).toBeNull();
    expect(createModelLister('openai', config)).toBeNull();
  });

  it('answer with a card naming the variable to set if asked while off', () => {
    const off = createProvider('mistral', { compatible, demo: { charsPerSecond: 0 } });
    expect(off).toBeInstanceOf(DemoProvider);
    expect(isDemoProvider('mistral', { compatible })).toBe(true);
  });
});

describe('model capabilities', () => {
  it('knows which Claude models have extended thinking', () => {
    expect(supportsExtendedThinking('claude-sonnet-4-20250514')).toBe(true);
    expect(supportsExtendedThinking('claude-opus-4-20250514')).toBe(true);
    expect(supportsExtendedThinking('claude-3-7-sonnet-20250219')).toBe(true);
    expect(supportsExtendedThinking('claude-3-5-haiku-20241022')).toBe(false);
    expect(supportsExtendedThinking('claude-3-opus-20240229')).toBe(false);
  });

  it('gives thinking at least 1,024 tokens and half the budget', () => {
    expect(thinkingBudget(500)).toBe(1024);
    expect(thinkingBudget(8000)).toBe(4000);
  });

  it('leaves temperature out for OpenAI reasoning models', () => {
    expect(acceptsTemperature('gpt-4o-2024-11-20')).toBe(true);
    expect(acceptsTemperature('o3-mini-2025-01-31')).toBe(false);
    expect(acceptsTemperature('o4-mini')).toBe(false);
  });
});
