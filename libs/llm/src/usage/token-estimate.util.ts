import { type TokenUsage } from '@council/contracts';
import { type LlmRequest } from '../llm.types';

/**
 * Tokens ≈ characters / 4, rounded up: the usual rule of thumb for English text with the GPT and
 * Claude tokenisers. Used where no provider counted: the demo adapter and a provider stream that
 * sent no usage report.
 */
export function estimateTokens(text: string): number {
  return tokensForChars(text.length);
}

export function tokensForChars(chars: number): number {
  return Math.ceil(chars / 4);
}

/** Prompt tokens of a request: its system prompt and every message. */
export function estimatePromptTokens(request: Pick<LlmRequest, 'system' | 'messages'>): number {
  const text = [request.system ?? '', ...request.messages.map((message) => message.content)].join('\n');
  return estimateTokens(text);
}

export function usageOf(promptTokens: number, completionTokens: number): TokenUsage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}
