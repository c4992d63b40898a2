import { type CompatibleConnectionConfig, type LlmConfig } from '@council/llm';
import { type ProviderWorkerEnv } from './provider-worker.env';

type LlmEnv = Pick<
  ProviderWorkerEnv,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'ANTHROPIC_API_KEY'
  | 'ANTHROPIC_BASE_URL'
  | 'XAI_API_KEY'
  | 'XAI_BASE_URL'
  | 'PROVIDER_IDLE_TIMEOUT_MS'
>;

/** What the catalogue says about an OpenAI-compatible provider: the names of its variables. */
export interface CompatibleProviderEntry {
  key: string;
  baseUrlEnv: string | null;
  apiKeyEnv: string | null;
  defaultBaseUrl: string | null;
  /** Whether it offers the models its server lists (ProviderEntity.discoverModels). */
  discoverModels?: boolean;
}

/**
 * Keys and base URLs from the environment: a built-in provider without a key is answered by the
 * demo adapter; an OpenAI-compatible one reads the variables its catalogue entry names (they are
 * not known in advance, so they are read from the process environment as they are).
 */
export function llmConfigFromEnv(
  env: LlmEnv,
  compatible: readonly CompatibleProviderEntry[] = [],
  variables: NodeJS.ProcessEnv = process.env,
): LlmConfig {
  const timeoutMs = env.PROVIDER_IDLE_TIMEOUT_MS;
  const read = (name: string | null): string | null => (name ? variables[name]?.trim() || null : null);
  return {
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, timeoutMs },
    anthropic: { apiKey: env.ANTHROPIC_API_KEY, baseUrl: env.ANTHROPIC_BASE_URL, timeoutMs },
    xai: { apiKey: env.XAI_API_KEY, baseUrl: env.XAI_BASE_URL, timeoutMs },
    compatible: Object.fromEntries(
      compatible.map((entry): [string, CompatibleConnectionConfig] => [
        entry.key,
        {
          baseUrl: read(entry.baseUrlEnv) ?? entry.defaultBaseUrl,
          apiKey: read(entry.apiKeyEnv),
          needsKey: entry.apiKeyEnv !== null,
          keyVariable: entry.apiKeyEnv ?? entry.baseUrlEnv ?? `${entry.key.toUpperCase()}_BASE_URL`,
          timeoutMs,
        },
      ]),
    ),
  };
}
