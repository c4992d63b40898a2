import { describe, expect, it } from 'vitest';
import { availableModels } from './catalogue';

describe('availableModels', () => {
  it('makes a model available once the catalogue lists an agent of one of its providers', () => {
    expect(availableModels([])).toEqual([]);
    expect(availableModels([{ provider: 'openai' }, { provider: 'gemini' }])).toEqual(['Gemini']);
    expect(availableModels([{ provider: 'mistral' }, { provider: 'local' }])).toEqual(['Llama', 'Mistral']);
    expect(availableModels([{ provider: 'llama' }])).toEqual(['Llama']);
  });
});
