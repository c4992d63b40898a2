import {
  type BuiltInProvider,
  PROVIDER_KEY_VARIABLES,
  type Provider,
  type ProviderMode,
  isBuiltInProvider,
} from '@council/contracts';
import { DemoProvider, type DemoProviderOptions } from '../demo/demo.provider';
import { type LlmProvider } from '../llm.types';
import { AnthropicProvider } from './anthropic.provider';
import { type ModelLister, OpenAiModelsLister } from './openai-models.lister';
import { OpenAiProvider } from './openai.provider';

// OpenAI's SDK requires a key; a local server ignores it.
const NO_KEY = 'not-needed';

/** How to reach one provider. Without an apiKey a built-in provider is answered by the demo adapter. */
export interface ProviderConnectionConfig {
  apiKey?: string | null;
  /** Default: the provider's public API. */
  baseUrl?: string | null;
  /** How long to wait for the response headers, in ms. */
  timeoutMs?: number;
}

/** A provider the catalogue adds: an OpenAI-compatible API at a base URL (docs/operations.md). */
export interface CompatibleConnectionConfig extends ProviderConnectionConfig {
  /** Whether the server needs a key (a local server does not). */
  needsKey: boolean;
  /** The variable to set to switch it on, named on the card shown while it is off. */
  keyVariable: string;
}

/**
 * Built by the caller from its environment (the provider worker maps OPENAI_API_KEY /
 * OPENAI_BASE_URL, ANTHROPIC_*, XAI_*, and the variables the catalogue names for the others).
 */
export interface LlmConfig {
  openai?: ProviderConnectionConfig;
  anthropic?: ProviderConnectionConfig;
  xai?: ProviderConnectionConfig;
  /** The catalogue's OpenAI-compatible providers, by key. */
  compatible?: Readonly<Record<string, CompatibleConnectionConfig>>;
  /** Pacing of the demo adapter. */
  demo?: Omit<DemoProviderOptions, 'standsInFor' | 'keyVariable'>;
}

export function providerMode(provider: Provider, config: LlmConfig): ProviderMode {
  if (isBuiltInProvider(provider)) return config[provider]?.apiKey?.trim() ? 'live' : 'demo';
  const connection = compatibleConnection(provider, config);
  if (!connection?.baseUrl?.trim()) return 'off';
  return connection.needsKey && !connection.apiKey?.trim() ? 'off' : 'live';
}

/** Whether answers for this provider will come from the demo adapter. */
export function isDemoProvider(provider: Provider, config: LlmConfig): boolean {
  return providerMode(provider, config) !== 'live';
}

/** The real adapter when the provider is live, else the demo adapter (DECISIONS 15). */
export function createProvider(provider: Provider, config: LlmConfig): LlmProvider {
  if (isBuiltInProvider(provider)) return createBuiltIn(provider, config);
  const connection = compatibleConnection(provider, config);
  if (!connection || providerMode(provider, config) !== 'live') {
    // Only reached if a job outlives its provider's configuration: say so instead of failing.
    return new DemoProvider({
      ...config.demo,
      standsInFor: provider,
      keyVariable: connection?.keyVariable,
    });
  }
  return new OpenAiProvider({
    name: provider,
    apiKey: connection.apiKey?.trim() || NO_KEY,
    baseUrl: connection.baseUrl,
    timeoutMs: connection.timeoutMs,
  });
}

/**
 * What lists a live OpenAI-compatible provider's models, with the connection its answers use; null
 * for a provider that is off, or built in (the catalogue names their models).
 */
export function createModelLister(provider: Provider, config: LlmConfig): ModelLister | null {
  const connection = compatibleConnection(provider, config);
  if (!connection?.baseUrl || providerMode(provider, config) !== 'live') return null;
  return new OpenAiModelsLister({
    provider,
    apiKey: connection.apiKey?.trim() || NO_KEY,
    baseUrl: connection.baseUrl,
    timeoutMs: connection.timeoutMs,
  });
}

function createBuiltIn(provider: BuiltInProvider, config: LlmConfig): LlmProvider {
  const connection = config[provider];
  const apiKey = connection?.apiKey?.trim();
  if (!apiKey) {
    return new DemoProvider({
      ...config.demo,
      standsInFor: provider,
      keyVariable: PROVIDER_KEY_VARIABLES[provider],
    });
  }
  const options = { apiKey, baseUrl: connection?.baseUrl, timeoutMs: connection?.timeoutMs };
  switch (provider) {
    case 'anthropic':
      return new AnthropicProvider(options);
    case 'openai':
    case 'xai':
      return new OpenAiProvider({ ...options, name: provider });
  }
}

function compatibleConnection(provider: Provider, config: LlmConfig): CompatibleConnectionConfig | undefined {
  const compatible = config.compatible ?? {};
  return Object.hasOwn(compatible, provider) ? compatible[provider] : undefined;
}
