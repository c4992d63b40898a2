import {
  type ModelFacts,
  PROVIDERS,
  type Provider,
  TYPICAL_OUTPUT_TOKENS_DEFAULT,
  isProviderId,
} from '@council/contracts';
import {
  type Catalogue,
  type CatalogueAgent,
  type CatalogueModel,
  type CatalogueProvider,
  type CatalogueRole,
} from './catalogue.types';

/** The built-in providers, always present; their keys come from OPENAI_API_KEY and the like. */
export const BUILT_IN_CATALOGUE_PROVIDERS: readonly CatalogueProvider[] = [
  builtIn('openai', 'OpenAI', 'openai', 'OPENAI'),
  builtIn('anthropic', 'Anthropic', 'anthropic', 'ANTHROPIC'),
  builtIn('xai', 'xAI', 'openai', 'XAI'),
];

function builtIn(
  key: Provider,
  name: string,
  kind: CatalogueProvider['kind'],
  variablePrefix: string,
): CatalogueProvider {
  return {
    key,
    name,
    kind,
    avatarUrl: null,
    baseUrlEnv: `${variablePrefix}_BASE_URL`,
    apiKeyEnv: `${variablePrefix}_API_KEY`,
    defaultBaseUrl: null,
    discoverModels: false,
  };
}

const ENV_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

/** Thrown for an invalid catalogue file; the message lists every problem with the entry it is in. */
export class CatalogueValidationError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`Invalid catalogue ${source}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'CatalogueValidationError';
  }
}

// Mirrors the column lengths in the entities, so a bad file fails here and not halfway through a seed.
const NAME_MAX = 100;
const URL_MAX = 2048;

type Fields = Record<string, unknown>;

/** Collects problems under a readable path such as `agents[3] "Claude" (anthropic).models[0]`. */
class Checker {
  readonly problems: string[] = [];

  report(path: string, message: string): void {
    this.problems.push(`${path}: ${message}`);
  }

  object(value: unknown, path: string): Fields | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.report(path, 'must be a mapping of fields');
      return undefined;
    }
    return value as Fields;
  }

  /** A misspelt key would otherwise be ignored silently and its default used instead. */
  onlyFields(fields: Fields | undefined, path: string, allowed: readonly string[]): void {
    for (const key of Object.keys(fields ?? {})) {
      if (!allowed.includes(key))
        this.report(path, `unknown field "${key}" (allowed: ${allowed.join(', ')})`);
    }
  }

  list(value: unknown, path: string, { min = 0 } = {}): unknown[] {
    if (!Array.isArray(value)) {
      this.report(path, 'must be a list');
      return [];
    }
    if (value.length < min) this.report(path, `must have at least ${min} entr${min === 1 ? 'y' : 'ies'}`);
    return value;
  }

  text(value: unknown, path: string, maxLength?: number): string {
    if (typeof value !== 'string' || value.trim() === '') {
      const hint = typeof value === 'number' ? ' (quote numbers, e.g. "4.1")' : '';
      this.report(path, `must be a non-empty string${hint}`);
      return '';
    }
    if (maxLength !== undefined && value.length > maxLength) {
      this.report(path, `must be at most ${maxLength} characters`);
    }
    return value.trim();
  }

  optionalText(value: unknown, path: string, maxLength?: number): string | null {
    return value === undefined || value === null ? null : this.text(value, path, maxLength);
  }

  positiveInteger(value: unknown, path: string): number {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
      this.report(path, 'must be a positive whole number');
      return 0;
    }
    return value;
  }

  /** Absent (or null): the default; otherwise it must be a positive whole number. */
  optionalPositiveInteger(value: unknown, path: string, fallback: number): number {
    return value === undefined || value === null ? fallback : this.positiveInteger(value, path);
  }

  /** Absent (or null): false. */
  optionalBoolean(value: unknown, path: string): boolean {
    if (value === undefined || value === null) return false;
    if (typeof value !== 'boolean') {
      this.report(path, 'must be true or false');
      return false;
    }
    return value;
  }

  provider(value: unknown, path: string, known: ReadonlySet<string>): Provider {
    if (typeof value !== 'string' || !known.has(value)) {
      this.report(path, `must be one of ${[...known].join(', ')} (a provider listed under providers)`);
    }
    return value as Provider;
  }

  envName(value: unknown, path: string): string | null {
    const name = this.optionalText(value, path, 64);
    if (name && !ENV_NAME.test(name))
      this.report(path, 'must be an environment variable name, e.g. GEMINI_API_KEY');
    return name;
  }

  url(value: unknown, path: string): string | null {
    const url = this.optionalText(value, path, URL_MAX);
    if (url && !/^(https?:\/\/|\/)/.test(url))
      this.report(path, 'must be an http(s) URL or a path starting with /');
    return url;
  }
}

/** Names the entry in messages by its natural key, so an operator finds it in the file at once. */
function label(path: string, fields: Fields | undefined, extra?: unknown): string {
  const name = typeof fields?.['name'] === 'string' ? ` "${fields['name']}"` : '';
  const suffix = typeof extra === 'string' ? ` (${extra})` : '';
  return `${path}${name}${suffix}`;
}

function parseModel(check: Checker, value: unknown, path: string): CatalogueModel {
  const fields = check.object(value, path);
  const at = label(path, fields);
  check.onlyFields(fields, at, [
    'name',
    'apiModel',
    'version',
    'description',
    'capabilities',
    'contextWindow',
    'facts',
    'typicalOutputTokens',
  ]);
  const name = check.text(fields?.['name'], `${at}.name`, NAME_MAX);
  const capabilities = check
    .list(fields?.['capabilities'], `${at}.capabilities`)
    .map((capability, index) => check.text(capability, `${at}.capabilities[${index}]`, NAME_MAX));
  return {
    name,
    apiModel: check.optionalText(fields?.['apiModel'], `${at}.apiModel`, NAME_MAX) ?? name,
    version: check.text(fields?.['version'], `${at}.version`, NAME_MAX),
    description: check.text(fields?.['description'], `${at}.description`),
    capabilities,
    contextWindow: check.positiveInteger(fields?.['contextWindow'], `${at}.contextWindow`),
    facts: parseFacts(check, fields?.['facts'], `${at}.facts`),
    typicalOutputTokens: check.optionalPositiveInteger(
      fields?.['typicalOutputTokens'],
      `${at}.typicalOutputTokens`,
      TYPICAL_OUTPUT_TOKENS_DEFAULT,
    ),
  };
}

/** A model's facts: every field is required, so no card shows another model's facts instead. */
function parseFacts(check: Checker, value: unknown, path: string): ModelFacts {
  const fields = check.object(value, path);
  check.onlyFields(fields, path, ['releaseDate', 'architecture', 'strengths', 'trainingApproach']);
  return {
    releaseDate: check.text(fields?.['releaseDate'], `${path}.releaseDate`, NAME_MAX),
    architecture: check.text(fields?.['architecture'], `${path}.architecture`),
    strengths: check.text(fields?.['strengths'], `${path}.strengths`),
    trainingApproach: check.text(fields?.['trainingApproach'], `${path}.trainingApproach`),
  };
}

/** An operator's provider: an OpenAI-compatible API whose URL and key come from the named variables. */
function parseProvider(check: Checker, value: unknown, path: string): CatalogueProvider {
  const fields = check.object(value, path);
  const at = label(path, fields, fields?.['id']);
  check.onlyFields(fields, at, [
    'id',
    'name',
    'kind',
    'avatarUrl',
    'baseUrlEnv',
    'apiKeyEnv',
    'defaultBaseUrl',
    'discoverModels',
  ]);
  const key = fields?.['id'];
  if (!isProviderId(key)) {
    check.report(`${at}.id`, 'must be lower-case letters, digits and dashes (2 to 32), e.g. "gemini"');
  }
  if (fields?.['kind'] !== 'openai-compatible') check.report(`${at}.kind`, 'must be openai-compatible');
  const baseUrlEnv = check.envName(fields?.['baseUrlEnv'], `${at}.baseUrlEnv`);
  if (!baseUrlEnv) check.report(`${at}.baseUrlEnv`, 'must name the variable holding the base URL');
  const defaultBaseUrl = check.url(fields?.['defaultBaseUrl'], `${at}.defaultBaseUrl`);
  if (defaultBaseUrl?.startsWith('/')) check.report(`${at}.defaultBaseUrl`, 'must be an http(s) URL');
  return {
    key: typeof key === 'string' ? key : '',
    name: check.text(fields?.['name'], `${at}.name`, NAME_MAX),
    kind: 'openai-compatible',
    avatarUrl: check.url(fields?.['avatarUrl'], `${at}.avatarUrl`),
    baseUrlEnv,
    apiKeyEnv: check.envName(fields?.['apiKeyEnv'], `${at}.apiKeyEnv`),
    defaultBaseUrl,
    discoverModels: check.optionalBoolean(fields?.['discoverModels'], `${at}.discoverModels`),
  };
}

function parseProviders(check: Checker, value: unknown): CatalogueProvider[] {
  const own = (value === undefined ? [] : check.list(value, 'providers')).map((entry, index) =>
    parseProvider(check, entry, `providers[${index}]`),
  );
  const seen = new Set<string>(PROVIDERS);
  for (const [index, provider] of own.entries()) {
    if (seen.has(provider.key)) check.report(`providers[${index}]`, `duplicate provider "${provider.key}"`);
    seen.add(provider.key);
  }
  return [...BUILT_IN_CATALOGUE_PROVIDERS, ...own];
}

function parseAgent(
  check: Checker,
  value: unknown,
  path: string,
  providers: ReadonlySet<string>,
): CatalogueAgent {
  const fields = check.object(value, path);
  const at = label(path, fields, fields?.['provider']);
  check.onlyFields(fields, at, ['name', 'provider', 'description', 'logoUrl', 'models']);
  const models = check
    .list(fields?.['models'], `${at}.models`, { min: 1 })
    .map((model, index) => parseModel(check, model, `${at}.models[${index}]`));
  const seen = new Set<string>();
  for (const [index, model] of models.entries()) {
    if (seen.has(model.name)) check.report(`${at}.models[${index}]`, `duplicate model name "${model.name}"`);
    seen.add(model.name);
  }
  return {
    name: check.text(fields?.['name'], `${at}.name`, NAME_MAX),
    provider: check.provider(fields?.['provider'], `${at}.provider`, providers),
    description: check.text(fields?.['description'], `${at}.description`),
    logoUrl: check.url(fields?.['logoUrl'], `${at}.logoUrl`),
    models,
  };
}

function parseRole(check: Checker, value: unknown, path: string): CatalogueRole {
  const fields = check.object(value, path);
  const at = label(path, fields);
  check.onlyFields(fields, at, ['name', 'description', 'category', 'prompt']);
  return {
    name: check.text(fields?.['name'], `${at}.name`, NAME_MAX),
    description: check.text(fields?.['description'], `${at}.description`),
    category: check.optionalText(fields?.['category'], `${at}.category`, NAME_MAX),
    prompt: check.text(fields?.['prompt'], `${at}.prompt`),
  };
}

function checkUniqueAgents(check: Checker, agents: CatalogueAgent[]): void {
  const seen = new Set<string>();
  for (const [index, agent] of agents.entries()) {
    const key = `${agent.provider}/${agent.name}`;
    if (seen.has(key))
      check.report(`agents[${index}]`, `duplicate agent "${agent.name}" for ${agent.provider}`);
    seen.add(key);
  }
  for (const provider of PROVIDERS) {
    if (!agents.some((agent) => agent.provider === provider)) {
      check.report('agents', `no agent for ${provider}: the default council needs one agent per provider`);
    }
  }
}

function checkUniqueRoles(check: Checker, roles: CatalogueRole[]): void {
  const seen = new Set<string>();
  for (const [index, role] of roles.entries()) {
    if (seen.has(role.name)) check.report(`roles[${index}]`, `duplicate role "${role.name}"`);
    seen.add(role.name);
  }
}

/**
 * Checks parsed catalogue data (from YAML or JSON) and returns it typed and trimmed.
 * Throws CatalogueValidationError listing every problem, each under the entry it belongs to.
 */
export function validateCatalogue(data: unknown, source = 'catalogue'): Catalogue {
  const check = new Checker();
  const root = check.object(data, '(file)');
  if (!root) throw new CatalogueValidationError(source, check.problems);
  check.onlyFields(root, '(file)', ['providers', 'agents', 'roles']);
  const providers = parseProviders(check, root?.['providers']);
  const keys = new Set(providers.map((provider) => provider.key));
  const agents = check
    .list(root?.['agents'], 'agents', { min: 1 })
    .map((agent, index) => parseAgent(check, agent, `agents[${index}]`, keys));
  const roles = check
    .list(root?.['roles'], 'roles')
    .map((role, index) => parseRole(check, role, `roles[${index}]`));
  checkUniqueAgents(check, agents);
  checkUniqueRoles(check, roles);
  if (check.problems.length > 0) throw new CatalogueValidationError(source, check.problems);
  return { providers, agents, roles };
}
