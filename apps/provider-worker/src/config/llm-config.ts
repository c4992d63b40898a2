import { type LlmConfig } from '@council/llm';
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

/** Keys and base URLs from the environment; a provider without a key is answered by the demo adapter. */
export function llmConfigFromEnv(env: LlmEnv): LlmConfig {
  const timeoutMs = env.PROVIDER_IDLE_TIMEOUT_MS;
  return {
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, timeoutMs },
    anthropic: { apiKey: env.ANTHROPIC_API_KEY, baseUrl: env.ANTHROPIC_BASE_URL, timeoutMs },
    xai: { apiKey: env.XAI_API_KEY, baseUrl: env.XAI_BASE_URL, timeoutMs },
  };
}
