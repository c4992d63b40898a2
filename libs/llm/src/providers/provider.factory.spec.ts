import { DemoProvider } from '../demo/demo.provider';
import { AnthropicProvider, supportsExtendedThinking, thinkingBudget } from './anthropic.provider';
import { OpenAiProvider, acceptsTemperature } from './openai.provider';
import { createProvider, isDemoProvider } from './provider.factory';

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
