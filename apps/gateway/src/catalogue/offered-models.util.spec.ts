import { listedModelSet } from '@council/contracts';
import { type ListedModels, offerListedModels } from './offered-models.util';

const agents = [
  { id: 1, provider: 'openai' },
  { id: 2, provider: 'local' },
  { id: 3, provider: 'local' },
];

let nextId = 100;
const model = (agentId: number, name: string, fields: { apiModel?: string; discovered?: boolean } = {}) => ({
  id: nextId++,
  agentId,
  name,
  apiModel: fields.apiModel ?? name,
  discovered: fields.discovered ?? false,
});

const gpt = model(1, 'gpt-4o', { apiModel: 'gpt-4o-2024-11-20' });
const mini = model(1, 'gpt-4o-mini');
const llama = model(2, 'llama3.2');
const phi = model(2, 'phi4', { discovered: true });
const qwen = model(2, 'qwen2.5:latest', { discovered: true });
const coder = model(3, 'Coder', { apiModel: 'qwen2.5-coder' });
const models = [gpt, llama, qwen, mini, phi, coder];

const listing = (ids: string[]): ListedModels => new Map([['local', listedModelSet(ids)]]);
const names = (list: { name: string }[]) => list.map((entry) => entry.name);

describe('offerListedModels', () => {
  it('offers everything of a provider that does not discover its models, in the order given', () => {
    const offered = offerListedModels(agents, [gpt, mini, llama, coder], new Map());
    expect(names(offered.models)).toEqual(['gpt-4o', 'gpt-4o-mini', 'llama3.2', 'Coder']);
    expect(offered.agents).toEqual(agents);
  });

  it('offers exactly what the server lists: the catalogue’s models first, then discovered ones by name', () => {
    const offered = offerListedModels(agents, models, listing(['qwen2.5', 'phi4', 'llama3.2:latest']));
    expect(names(offered.models)).toEqual(['gpt-4o', 'llama3.2', 'phi4', 'gpt-4o-mini', 'qwen2.5:latest']);
    // Agent 3's only model is not listed: the agent is not offered either.
    expect(offered.agents.map((agent) => agent.id)).toEqual([1, 2]);
  });

  it('matches a catalogue model by its apiModel', () => {
    const offered = offerListedModels(agents, models, listing(['qwen2.5-coder']));
    expect(names(offered.models)).toEqual(['gpt-4o', 'gpt-4o-mini', 'Coder']);
    expect(offered.agents.map((agent) => agent.id)).toEqual([1, 3]);
  });

  it('offers nothing of a provider whose server lists nothing', () => {
    const offered = offerListedModels(agents, models, listing([]));
    expect(names(offered.models)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(offered.agents.map((agent) => agent.provider)).toEqual(['openai']);
  });

  it('leaves out the models of agents that are not offered', () => {
    const offered = offerListedModels([agents[0]], models, listing(['llama3.2']));
    expect(names(offered.models)).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });
});
