import { type Provider } from '@council/contracts';
import { DemoProvider, type DemoProviderOptions } from '../demo/demo.provider';
import { type LlmProvider } from '../llm.types';
import { AnthropicProvider } from './anthropic.provider';
import { OpenAiProvider } from './openai.provider';

/** How to reach one provider. Without an apiKey the demo adapter answers for it. */
export interface ProviderConnectionConfig {
  apiKey?: string | null;
  /** Default: the provider's public API. */
  baseUrl?: string | null;
  /** How long to wait for the response headers, in ms. */
  timeoutMs?: number;
}

/**
 * Built by the caller from its environment (the provider worker maps OPENAI_API_KEY /
 * OPENAI_BASE_URL, ANTHROPIC_*, XAI_*).
 */
export interface LlmConfig {
  openai?: ProviderConnectionConfig;
  anthropic?: ProviderConnectionConfig;
  xai?: ProviderConnectionConfig;
  /** Pacing of the demo adapter. */
  demo?: Omit<DemoProviderOptions, 'standsInFor'>;
}

/** The real adapter when the provider has a key, else the demo adapter (DECISIONS 15). */
export function createProvider(provider: Provider, config: LlmConfig): LlmProvider {
  const connection = config[provider];
  const apiKey = connection?.apiKey?.trim();
  if (!apiKey) return new DemoProvider({ ...config.demo, standsInFor: provider });
  const options = { apiKey, baseUrl: connection?.baseUrl, timeoutMs: connection?.timeoutMs };
  switch (provider) {
    case 'anthropic':
      return new AnthropicProvider(options);
    case 'openai':
    case 'xai':
      return new OpenAiProvider({ ...options, name: provider });
  }
}

/** Whether answers for this provider will come from the demo adapter. */
export function isDemoProvider(provider: Provider, config: LlmConfig): boolean {
  return !config[provider]?.apiKey?.trim();
}
