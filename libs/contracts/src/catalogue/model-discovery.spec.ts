import {
  MODEL_DISCOVERY,
  isListedModel,
  listedModelId,
  listedModelSet,
  listedModelsKey,
  listedModelsTtlMs,
  readListedModels,
} from './model-discovery';

describe('model discovery', () => {
  it('keeps a published list a bit longer than two refreshes', () => {
    const ttl = listedModelsTtlMs(MODEL_DISCOVERY.refreshMs);
    expect(ttl).toBeGreaterThan(2 * MODEL_DISCOVERY.refreshMs);
    expect(ttl).toBeLessThan(3 * MODEL_DISCOVERY.refreshMs);
  });

  it('keys each provider’s list under the prefix', () => {
    expect(listedModelsKey('council', 'local')).toBe('council:llm:models:local');
  });

  it('reads a published list, and treats anything else as no models', () => {
    expect(readListedModels('["llama3.2","qwen2.5"]')).toEqual(['llama3.2', 'qwen2.5']);
    expect(readListedModels('["a",3,null]')).toEqual(['a']);
    for (const raw of [null, undefined, '', '{"a":1}', 'not json', '"a"']) {
      expect(readListedModels(raw)).toEqual([]);
    }
  });

  it('matches a model by apiModel or name, with or without Ollama’s default tag', () => {
    const listed = listedModelSet(['llama3.2:latest', ' mistral ', 'qwen2.5:7b']);
    expect(listedModelId('qwen2.5:latest')).toBe('qwen2.5');
    expect(isListedModel({ name: 'llama3.2', apiModel: 'llama3.2' }, listed)).toBe(true);
    expect(isListedModel({ name: 'Mistral 7B', apiModel: 'mistral' }, listed)).toBe(true);
    expect(isListedModel({ name: 'qwen2.5:7b', apiModel: 'qwen2.5-7b-instruct' }, listed)).toBe(true);
    // Another tag is another model.
    expect(isListedModel({ name: 'qwen2.5', apiModel: 'qwen2.5' }, listed)).toBe(false);
    expect(isListedModel({ name: 'llama3.1', apiModel: 'llama3.1' }, listed)).toBe(false);
  });
});
