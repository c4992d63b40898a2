import { TYPICAL_OUTPUT_TOKENS_DEFAULT } from '@council/contracts';
import { parseCatalogueText } from './catalogue.loader';
import { CatalogueValidationError, validateCatalogue } from './catalogue.validator';

const model = (name: string) => ({
  name,
  version: '1',
  description: `${name} model`,
  capabilities: ['text'],
  contextWindow: 128000,
  facts: {
    releaseDate: 'May 2024',
    architecture: 'Transformer',
    strengths: 'Everything',
    trainingApproach: 'Pre-training',
  },
});

const agent = (name: string, provider: string, models = [model(`${name}-model`)]) => ({
  name,
  provider,
  description: `${name} agent`,
  logoUrl: null,
  models,
});

const role = (name: string, category?: string) => ({
  name,
  description: `${name} role`,
  ...(category ? { category } : {}),
  prompt: `You are the ${name}.`,
});

const validData = () => ({
  agents: [agent('GPT', 'openai'), agent('Claude', 'anthropic'), agent('Grok', 'xai')],
  roles: [role('Skeptic', 'Critical thinking'), role('Pragmatist')],
});

/** The problems a validation failure lists (the test fails if validation passes). */
function problemsOf(data: unknown): string[] {
  try {
    validateCatalogue(data, 'test.yaml');
  } catch (error) {
    if (error instanceof CatalogueValidationError) return error.problems;
    throw error;
  }
  throw new Error('expected the catalogue to be rejected');
}

describe('validateCatalogue', () => {
  it('accepts a valid catalogue, defaulting apiModel to the name, the typical output and category to null', () => {
    const catalogue = validateCatalogue(validData());
    expect(catalogue.agents.map((entry) => entry.name)).toEqual(['GPT', 'Claude', 'Grok']);
    expect(catalogue.agents[0]?.models[0]).toEqual({
      ...model('GPT-model'),
      apiModel: 'GPT-model',
      typicalOutputTokens: TYPICAL_OUTPUT_TOKENS_DEFAULT,
    });
    expect(catalogue.roles.map((entry) => entry.category)).toEqual(['Critical thinking', null]);
  });

  it('keeps an explicit apiModel and trims text', () => {
    const data = validData();
    data.agents[0] = agent('  GPT  ', 'openai', [
      { ...model('gpt-4o'), apiModel: 'gpt-4o-2024-11-20' } as never,
    ]);
    const [first] = validateCatalogue(data).agents;
    expect(first?.name).toBe('GPT');
    expect(first?.models[0]?.apiModel).toBe('gpt-4o-2024-11-20');
  });

  it('names the entry and field of each problem, and reports them all at once', () => {
    const data = validData();
    data.agents[1] = agent('Claude', 'anthropic', [{ ...model('sonnet'), contextWindow: 12.5 }]);
    data.roles[1] = { name: 'Pragmatist', description: 'x', prompt: '' };
    expect(problemsOf(data)).toEqual([
      'agents[1] "Claude" (anthropic).models[0] "sonnet".contextWindow: must be a positive whole number',
      'roles[1] "Pragmatist".prompt: must be a non-empty string',
    ]);
  });

  it('rejects unknown fields, so a misspelt key is not silently ignored', () => {
    const data = validData();
    data.roles[0] = { ...role('Skeptic'), categroy: 'Typos' } as never;
    expect(problemsOf(data)).toEqual([
      'roles[0] "Skeptic": unknown field "categroy" (allowed: name, description, category, prompt)',
    ]);
  });

  it('asks for quotes when a version is written as a number', () => {
    const data = validData();
    data.agents[2] = agent('Grok', 'xai', [{ ...model('grok-3'), version: 3 } as never]);
    expect(problemsOf(data)).toEqual([
      'agents[2] "Grok" (xai).models[0] "grok-3".version: must be a non-empty string (quote numbers, e.g. "4.1")',
    ]);
  });

  it('rejects an unknown provider and requires an agent for every provider', () => {
    const data = validData();
    data.agents[2] = agent('Gemini', 'google');
    expect(problemsOf(data)).toEqual([
      'agents[2] "Gemini" (google).provider: must be one of openai, anthropic, xai (a provider listed under providers)',
      'agents: no agent for xai: the default council needs one agent per provider',
    ]);
  });

  it('adds the OpenAI-compatible providers it lists to the built-in three, and seats their agents', () => {
    const data = {
      ...validData(),
      providers: [
        {
          id: 'gemini',
          name: 'Google Gemini',
          kind: 'openai-compatible',
          baseUrlEnv: 'GEMINI_BASE_URL',
          apiKeyEnv: 'GEMINI_API_KEY',
          defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai/',
        },
        { id: 'local', name: 'Local model', kind: 'openai-compatible', baseUrlEnv: 'LOCAL_BASE_URL' },
      ],
    };
    data.agents.push(agent('Gemini', 'gemini'), agent('Local Llama', 'local'));
    const catalogue = validateCatalogue(data);
    expect(catalogue.providers.map((provider) => provider.key)).toEqual([
      'openai',
      'anthropic',
      'xai',
      'gemini',
      'local',
    ]);
    expect(catalogue.providers[4]).toEqual({
      key: 'local',
      name: 'Local model',
      kind: 'openai-compatible',
      avatarUrl: null,
      baseUrlEnv: 'LOCAL_BASE_URL',
      apiKeyEnv: null,
      defaultBaseUrl: null,
      discoverModels: false,
    });
    expect(catalogue.agents.map((entry) => entry.provider)).toContain('local');
  });

  it('reads whether a provider lists its server’s models, off unless set, and refuses a non-boolean', () => {
    const local = {
      id: 'local',
      name: 'Local model',
      kind: 'openai-compatible',
      baseUrlEnv: 'LOCAL_BASE_URL',
    };
    const withProviders = (providers: object[]) => {
      const data = { ...validData(), providers };
      data.agents.push(agent('Local Llama', 'local'));
      return data;
    };
    const on = validateCatalogue(withProviders([{ ...local, discoverModels: true }]));
    expect(on.providers.map((provider) => [provider.key, provider.discoverModels])).toEqual([
      ['openai', false],
      ['anthropic', false],
      ['xai', false],
      ['local', true],
    ]);
    expect(validateCatalogue(withProviders([local])).providers[3]?.discoverModels).toBe(false);
    expect(problemsOf(withProviders([{ ...local, discoverModels: 'yes' }]))).toEqual([
      'providers[0] "Local model" (local).discoverModels: must be true or false',
    ]);
  });

  it('rejects a provider with a bad id, kind or variable name, or listed twice', () => {
    const data = {
      ...validData(),
      providers: [
        { id: 'Gemini AI', name: 'G', kind: 'openai-compatible', baseUrlEnv: 'GEMINI_BASE_URL' },
        { id: 'mistral', name: 'M', kind: 'anthropic', baseUrlEnv: 'mistral url', apiKeyEnv: 'X' },
        { id: 'openai', name: 'Again', kind: 'openai-compatible', baseUrlEnv: 'OPENAI_BASE_URL' },
      ],
    };
    expect(problemsOf(data)).toEqual([
      'providers[0] "G" (Gemini AI).id: must be lower-case letters, digits and dashes (2 to 32), e.g. "gemini"',
      'providers[1] "M" (mistral).kind: must be openai-compatible',
      'providers[1] "M" (mistral).baseUrlEnv: must be an environment variable name, e.g. GEMINI_API_KEY',
      'providers[2]: duplicate provider "openai"',
    ]);
  });

  it('requires at least one model per agent', () => {
    const data = validData();
    data.agents[0] = agent('GPT', 'openai', []);
    expect(problemsOf(data)).toEqual(['agents[0] "GPT" (openai).models: must have at least 1 entry']);
  });

  it('rejects duplicate natural keys: agent per provider, model per agent, role', () => {
    const data = validData();
    data.agents.push(agent('GPT', 'openai'), agent('GPT', 'xai', [model('m'), model('m')]));
    data.roles.push(role('Skeptic'));
    expect(problemsOf(data)).toEqual([
      'agents[4] "GPT" (xai).models[1]: duplicate model name "m"',
      'agents[3]: duplicate agent "GPT" for openai',
      'roles[2]: duplicate role "Skeptic"',
    ]);
  });

  it('rejects a logo that is neither a URL nor an absolute path', () => {
    const data = validData();
    data.agents[0] = { ...agent('GPT', 'openai'), logoUrl: 'logo.png' } as never;
    expect(problemsOf(data)).toEqual([
      'agents[0] "GPT" (openai).logoUrl: must be an http(s) URL or a path starting with /',
    ]);
  });

  it('rejects a file that is not a mapping of agents and roles', () => {
    expect(problemsOf(['agents'])).toEqual(['(file): must be a mapping of fields']);
    expect(problemsOf({ agents: [] })).toEqual([
      'agents: must have at least 1 entry',
      'roles: must be a list',
      'agents: no agent for openai: the default council needs one agent per provider',
      'agents: no agent for anthropic: the default council needs one agent per provider',
      'agents: no agent for xai: the default council needs one agent per provider',
    ]);
  });
});

describe('parseCatalogueText', () => {
  it('reads YAML and JSON alike', () => {
    const json = JSON.stringify(validData());
    expect(parseCatalogueText(json)).toEqual(validateCatalogue(validData()));
    const yaml = `agents:\n${validData()
      .agents.map(
        (entry) =>
          `  - name: ${entry.name}\n    provider: ${entry.provider}\n    description: d\n    models:\n` +
          `      - { name: m, version: '1', description: d, capabilities: [text], contextWindow: 1000,\n` +
          `          facts: { releaseDate: May 2024, architecture: a, strengths: s, trainingApproach: t } }`,
      )
      .join('\n')}\nroles: []\n`;
    expect(parseCatalogueText(yaml).agents.map((entry) => entry.provider)).toEqual([
      'openai',
      'anthropic',
      'xai',
    ]);
  });

  it('reads a model’s facts, shared between models through a YAML anchor', () => {
    const yaml = [
      'agents:',
      ...['openai', 'anthropic', 'xai'].map(
        (provider, index) =>
          `  - { name: A${index}, provider: ${provider}, description: d, models: [{ name: m, version: '1', ` +
          `description: d, capabilities: [text], contextWindow: 1000, facts: ${
            index === 0
              ? '&f { releaseDate: May 2024, architecture: a, strengths: s, trainingApproach: t }'
              : '*f'
          } }] }`,
      ),
      'roles: []',
    ].join('\n');
    const catalogue = parseCatalogueText(yaml);
    expect(catalogue.agents.map((entry) => entry.models[0]?.facts.releaseDate)).toEqual([
      'May 2024',
      'May 2024',
      'May 2024',
    ]);
  });

  it('refuses a model without its facts, or with a fact missing', () => {
    const data = validData();
    const { facts: _facts, ...bare } = model('bare');
    data.agents[0] = agent('GPT', 'openai', [bare as ReturnType<typeof model>]);
    expect(() => validateCatalogue(data)).toThrow(/models\[0\] "bare"\.facts: /);
    const partial = validData();
    partial.agents[0] = agent('GPT', 'openai', [
      { ...model('partial'), facts: { ...model('partial').facts, strengths: '' } },
    ]);
    expect(() => validateCatalogue(partial)).toThrow(/"partial"\.facts\.strengths/);
  });

  it("keeps a model's typical output, and refuses one that is not a positive whole number", () => {
    const data = validData();
    data.agents[0] = agent('GPT', 'openai', [{ ...model('gpt-4o'), typicalOutputTokens: 550 } as never]);
    expect(validateCatalogue(data).agents[0]?.models[0]?.typicalOutputTokens).toBe(550);
    for (const bad of [0, -1, 1.5, '600']) {
      const wrong = validData();
      wrong.agents[0] = agent('GPT', 'openai', [{ ...model('odd'), typicalOutputTokens: bad } as never]);
      expect(problemsOf(wrong)).toEqual([
        'agents[0] "GPT" (openai).models[0] "odd".typicalOutputTokens: must be a positive whole number',
      ]);
    }
  });

  it('names the file when the text is not YAML', () => {
    expect(() => parseCatalogueText('agents: [unclosed', 'broken.yaml')).toThrow(
      /Invalid catalogue broken\.yaml:\n {2}- not valid YAML\/JSON: /,
    );
  });
});
