import { type MemberAnswerJobData, type Provider } from '@council/contracts';
import { type LlmConfig, type LlmProvider, createProvider } from '@council/llm';

/** One adapter (and SDK client) per provider, reused by every job: they keep no per-call state. */
export class ProviderAdapters {
  private readonly adapters = new Map<Provider, LlmProvider>();

  constructor(
    private readonly llm: LlmConfig,
    /** Overrides createProvider (tests). */
    private readonly providerFor?: (data: MemberAnswerJobData) => LlmProvider,
  ) {}

  for(data: MemberAnswerJobData): LlmProvider {
    const override = this.providerFor?.(data);
    if (override) return override;
    let adapter = this.adapters.get(data.provider);
    if (!adapter) {
      adapter = createProvider(data.provider, this.llm);
      this.adapters.set(data.provider, adapter);
    }
    return adapter;
  }
}
