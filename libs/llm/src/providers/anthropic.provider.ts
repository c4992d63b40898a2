import Anthropic from '@anthropic-ai/sdk';
import { IncompleteStreamError, abortReason } from '../errors/llm.errors';
import { PROVIDER_FETCH } from '../http/undici-fetch';
import {
  type LlmDelta,
  type LlmFinishReason,
  type LlmJsonOutput,
  type LlmProvider,
  type LlmRequest,
} from '../llm.types';
import { withReasoningInstruction } from '../prompts/llm.prompts';
import { ReasoningSplitter } from '../reasoning/reasoning.splitter';
import { usageOf } from '../usage/token-estimate.util';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** Anthropic's floor for `thinking.budget_tokens`. */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024;

export interface AnthropicProviderOptions {
  apiKey: string;
  /** Default ANTHROPIC_DEFAULT_BASE_URL. */
  baseUrl?: string | null;
  /** How long to wait for the response headers, in ms (SDK `timeout`). Default 60 s. */
  timeoutMs?: number;
}

/**
 * Anthropic messages through the official SDK, streamed. Usage: input tokens (cache reads and
 * writes included) from message_start, or message_delta when it repeats them; output tokens from
 * the last message_delta. SDK retries are off.
 *
 * Reasoning: models with extended thinking get `thinking: {type: 'enabled', budget_tokens}` and
 * their thinking_delta events become reasoning deltas; older models (Claude 3.5 and before) are
 * asked for tagged reasoning instead, split like OpenAI's. SDK 1.x has no `temperature`, so it is
 * not sent.
 */
export class AnthropicProvider implements LlmProvider {
  readonly name = 'anthropic' as const;
  private readonly client: Anthropic;

  constructor(options: AnthropicProviderOptions) {
    this.client = new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseUrl || ANTHROPIC_DEFAULT_BASE_URL,
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: 0,
      fetch: PROVIDER_FETCH,
    });
  }

  async *stream(request: LlmRequest, signal: AbortSignal): AsyncGenerator<LlmDelta> {
    // A forced tool call (structured output) cannot be combined with thinking; no reasoning is asked for.
    const reasoningOn = request.reasoning && !request.output;
    const thinking = reasoningOn && supportsExtendedThinking(request.model);
    const splitter = reasoningOn && !thinking ? new ReasoningSplitter() : null;
    const system = splitter ? withReasoningInstruction(request.system) : request.system;
    const budget = thinkingBudget(request.maxTokens);
    let inputTokens = 0;
    let outputTokens = 0;
    let stopReason: string | null = null;
    let stopped = false;
    try {
      const events = await this.client.messages.create(
        {
          model: request.model,
          max_tokens: thinking
            ? Math.max(request.maxTokens, budget + ANTHROPIC_MIN_THINKING_BUDGET)
            : request.maxTokens,
          messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
          ...(system ? { system } : {}),
          ...(thinking ? { thinking: { type: 'enabled' as const, budget_tokens: budget } } : {}),
          ...(request.output ? forcedTool(request.output) : {}),
          stream: true,
        },
        { signal },
      );
      for await (const event of events) {
        switch (event.type) {
          case 'message_start': {
            const usage = event.message.usage;
            inputTokens = inputTotal(usage);
            outputTokens = usage.output_tokens;
            break;
          }
          case 'content_block_delta': {
            const delta = event.delta;
            if (delta.type === 'text_delta' && delta.text) {
              if (splitter) yield* splitter.push(delta.text);
              else yield { type: 'text', text: delta.text };
            } else if (delta.type === 'input_json_delta' && delta.partial_json) {
              // The forced tool's input is the structured reply: its JSON streams as text.
              yield { type: 'text', text: delta.partial_json };
            } else if (delta.type === 'thinking_delta' && delta.thinking) {
              yield { type: 'reasoning', text: delta.thinking };
            }
            break;
          }
          case 'message_delta': {
            if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
            if (typeof event.usage.input_tokens === 'number') inputTokens = inputTotal(event.usage);
            outputTokens = event.usage.output_tokens;
            break;
          }
          case 'message_stop':
            stopped = true;
            break;
          default:
            break;
        }
      }
    } catch (error) {
      throw signal.aborted ? abortReason(signal) : error;
    }
    // The SDK ends the iteration quietly when the request is aborted.
    if (signal.aborted) throw abortReason(signal);
    if (!stopped && stopReason === null) throw new IncompleteStreamError();
    if (splitter) yield* splitter.end();
    yield { type: 'usage', usage: usageOf(inputTokens, outputTokens) };
    yield { type: 'done', finishReason: toFinishReason(stopReason) };
  }
}

/**
 * Whether the model has extended thinking: Claude 3.7 Sonnet and every Claude 4 and later. Claude
 * 3.5 and earlier (and Claude 2 / Instant) have none.
 */
export function supportsExtendedThinking(model: string): boolean {
  const id = model.toLowerCase();
  if (!id.startsWith('claude')) return false;
  if (/^claude-(2|instant)/.test(id)) return false;
  return !/^claude-3-(?!7)/.test(id);
}

/** Half the answer budget for thinking, at least Anthropic's 1,024; max_tokens grows to fit both. */
export function thinkingBudget(maxTokens: number): number {
  return Math.max(ANTHROPIC_MIN_THINKING_BUDGET, Math.floor(maxTokens / 2));
}

function inputTotal(usage: {
  input_tokens: number | null;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
}): number {
  return (
    (usage.input_tokens ?? 0) +
    (usage.cache_creation_input_tokens ?? 0) +
    (usage.cache_read_input_tokens ?? 0)
  );
}

/** Structured output through one tool the model must call; its input is the reply. */
function forcedTool(output: LlmJsonOutput) {
  return {
    tools: [
      {
        name: output.name,
        description: output.description,
        input_schema: { ...output.schema, type: 'object' as const },
      },
    ],
    tool_choice: { type: 'tool' as const, name: output.name },
  };
}

function toFinishReason(reason: string | null): LlmFinishReason {
  // tool_use ends a forced tool call: the structured reply is complete.
  if (reason === 'tool_use') return 'stop';
  if (reason === 'end_turn' || reason === 'stop_sequence' || reason === null) return 'stop';
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'length';
  if (reason === 'refusal') return 'content_filter';
  return 'other';
}
