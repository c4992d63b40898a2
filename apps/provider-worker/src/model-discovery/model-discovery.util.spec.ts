import { MODEL_DISCOVERY } from '@council/contracts';
import { type ProviderModelRow, cleanListedIds, planModelDiscovery } from './model-discovery.util';

let nextId = 1;
const row = (name: string, fields: Partial<ProviderModelRow> = {}): ProviderModelRow => ({
  id: nextId++,
  name,
  apiModel: name,
  discovered: false,
  isActive: true,
  ...fields,
});

describe('cleanListedIds', () => {
  it('keeps each usable id once, in the server’s order', () => {
    expect(cleanListedIds([' qwen2.5 ', '', '   ', 'llama3.2', 'qwen2.5', 'x'.repeat(101)])).toEqual([
      'qwen2.5',
      'llama3.2',
    ]);
  });

  it('skips an entry that is not a usable id, keeping the rest of the list', () => {
    expect(cleanListedIds([5, null, 'bad\u0000id', 'tab\tid', { id: 'x' }, 'qwen2.5'])).toEqual(['qwen2.5']);
  });

  it('takes at most the first MODEL_DISCOVERY.maxModels ids', () => {
    const many = Array.from({ length: MODEL_DISCOVERY.maxModels + 5 }, (_, index) => `m${index}`);
    expect(cleanListedIds(many)).toEqual(many.slice(0, MODEL_DISCOVERY.maxModels));
  });
});

describe('planModelDiscovery', () => {
  const llama = row('llama3.2');

  it('keeps a model the catalogue knows and adds the one it does not', () => {
    expect(planModelDiscovery(['llama3.2', 'qwen2.5'], [llama])).toEqual({
      listed: ['llama3.2', 'qwen2.5'],
      add: ['qwen2.5'],
      retire: [],
    });
  });

  it('matches the catalogue by apiModel or name, ignoring Ollama’s default tag', () => {
    const mistral = row('Mistral 7B', { apiModel: 'mistral' });
    const coder = row('qwen-coder', { apiModel: 'qwen2.5-coder:7b' });
    const plan = planModelDiscovery(
      ['llama3.2:latest', 'mistral:latest', 'qwen2.5-coder:7b'],
      [llama, mistral, coder],
    );
    expect(plan.add).toEqual([]);
    expect(plan.listed).toEqual(['llama3.2:latest', 'mistral:latest', 'qwen2.5-coder:7b']);
  });

  it('adds nothing the last listing already added, and one row for two names of one model', () => {
    const qwen = row('qwen2.5', { discovered: true });
    expect(planModelDiscovery(['qwen2.5', 'llama3.2'], [llama, qwen]).add).toEqual([]);
    expect(planModelDiscovery(['phi4', 'phi4:latest'], [llama]).add).toEqual(['phi4']);
  });

  it('adds again a model whose row was retired, so the upsert revives it', () => {
    const retired = row('qwen2.5', { discovered: true, isActive: false });
    const removed = row('gemma2', { isActive: false });
    expect(planModelDiscovery(['qwen2.5', 'gemma2'], [llama, retired, removed]).add).toEqual([
      'qwen2.5',
      'gemma2',
    ]);
  });

  it('retires a discovered row once the catalogue describes that model itself', () => {
    const discovered = row('qwen2.5', { discovered: true });
    const described = row('Qwen 2.5', { apiModel: 'qwen2.5' });
    expect(planModelDiscovery(['qwen2.5'], [llama, discovered, described])).toEqual({
      listed: ['qwen2.5'],
      add: [],
      retire: [discovered.id],
    });
  });

  it('changes nothing when the server lists nothing', () => {
    expect(planModelDiscovery([], [llama, row('qwen2.5', { discovered: true })])).toEqual({
      listed: [],
      add: [],
      retire: [],
    });
  });
});
