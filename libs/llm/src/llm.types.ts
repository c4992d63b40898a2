import { type Provider, type TokenUsage } from '@council/contracts';

/** Who answers: one of the real providers, or the offline demo adapter (DECISIONS 15). */
export type LlmProviderName = Provider | 'demo';

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * What a council member is asked to do. Adapters send it as a plain request; only the demo
 * adapter reads it, to write a fitting offline answer (it also recognises the prompts of
 * llm.prompts.ts without it).
 */
export type LlmTask = 'answer' | 'revision' | 'synthesis' | 'agreement';

/**
 * Structured output: the model replies with one JSON value matching `schema` (OpenAI-format APIs:
 * response_format json_schema, strict; Anthropic: a forced call of a tool named `name`). The JSON
 * text streams as `text` deltas; no reasoning is asked for.
 */
export interface LlmJsonOutput {
  /** Letters, digits, _ and - (both APIs' rule for schema and tool names). */
  name: string;
  description: string;
  /** A JSON Schema object in the subset strict structured output accepts. */
  schema: Record<string, unknown>;
}

export interface LlmRequest {
  /** The provider's API model id (models.apiModel), e.g. "gpt-4o-2024-11-20". */
  model: string;
  /** The role's prompt (or the default one). */
  system?: string;
  messages: LlmMessage[];
  /**
   * Upper bound on generated tokens, reasoning included. With Anthropic extended thinking the
   * thinking budget is half of it (at least 1,024), and max_tokens is raised to budget + 1,024
   * when smaller (see thinkingBudget).
   */
  maxTokens: number;
  /** Stream the model's reasoning, kept apart from the answer, as `reasoning` deltas. */
  reasoning: boolean;
  /** Ignored where the API has no such setting (reasoning models, Anthropic SDK 1.x). */
  temperature?: number;
  task?: LlmTask;
  /** Ask for JSON matching a schema instead of prose. */
  output?: LlmJsonOutput;
}

/** Why the answer ended, in one vocabulary for every provider. */
export type LlmFinishReason = 'stop' | 'length' | 'content_filter' | 'other';

export type LlmDelta =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /**
   * Once, after the last text: the provider's own usage report. `estimated` is set when the
   * provider sent none (an OpenAI-compatible server without include_usage) or for the demo adapter,
   * whose counts are chars/4 (see demo.tokens.ts).
   */
  | { type: 'usage'; usage: TokenUsage; estimated?: boolean }
  /** Last delta of a complete answer. A stream that ends without it failed. */
  | { type: 'done'; finishReason: LlmFinishReason };

export type LlmDeltaOf<T extends LlmDelta['type']> = Extract<LlmDelta, { type: T }>;

/**
 * One streaming interface for every provider. `stream` yields text/reasoning deltas as they
 * arrive, then one usage delta and one done delta. It throws on any failure (classify it with
 * classifyProviderError), including when `signal` aborts: then it throws the signal's reason.
 * The SDKs' own retries are off: BullMQ is the one retry layer.
 */
export interface LlmProvider {
  readonly name: LlmProviderName;
  stream(request: LlmRequest, signal: AbortSignal): AsyncIterable<LlmDelta>;
  /**
   * Whether the call's output is charged. Only the demo adapter says no, for its "no model
   * configured" cards (docs/decisions.md, "22. A card that is not an answer"); absent means yes.
   */
  charges?(request: LlmRequest): boolean;
}
