import { type Provider, type TokenUsage } from '@council/contracts';
import OpenAI from 'openai';
import { IncompleteStreamError, abortReason } from '../errors/llm.errors';
import {
  type LlmDelta,
  type LlmFinishReason,
  type LlmJsonOutput,
  type LlmProvider,
  type LlmRequest,
} from '../llm.types';
import { withReasoningInstruction } from '../prompts/llm.prompts';
import { ReasoningSplitter } from '../reasoning/reasoning.splitter';
import { estimatePromptTokens, tokensForChars, usageOf } from '../usage/token-estimate.util';
import { createOpenAiClient } from './openai.client';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const XAI_DEFAULT_BASE_URL = 'https://api.x.ai/v1';

export interface OpenAiProviderOptions {
  /**
   * `xai` speaks the same API at its own base URL, and so does any OpenAI-compatible provider the
   * catalogue adds (give its base URL). Default `openai`.
   */
  name?: Provider;
  apiKey: string;
  /** Default: the provider's public API (OPENAI_DEFAULT_BASE_URL / XAI_DEFAULT_BASE_URL). */
  baseUrl?: string | null;
  /** How long to wait for the response headers, in ms (SDK `timeout`). Default 60 s. */
  timeoutMs?: number;
}

/**
 * OpenAI chat completions (and xAI, the same API) through the official SDK, streamed with
 * `stream_options.include_usage` so the last chunk carries the usage report. SDK retries are off.
 *
 * Reasoning: chat completions stream no reasoning text for OpenAI's reasoning models, so with
 * `reasoning` on the model is asked to write its reasoning between tags first
 * (REASONING_INSTRUCTION), and ReasoningSplitter turns that into reasoning deltas. xAI reasoning
 * models that stream `reasoning_content` have it passed through as reasoning deltas too.
 */
export class OpenAiProvider implements LlmProvider {
  readonly name: Provider;
  private readonly client: OpenAI;

  constructor(options: OpenAiProviderOptions) {
    this.name = options.name ?? 'openai';
    const defaultBaseUrl = this.name === 'xai' ? XAI_DEFAULT_BASE_URL : OPENAI_DEFAULT_BASE_URL;
    this.client = createOpenAiClient({
      apiKey: options.apiKey,
      baseURL: options.baseUrl || defaultBaseUrl,
      timeoutMs: options.timeoutMs,
    });
  }

  async *stream(request: LlmRequest, signal: AbortSignal): AsyncGenerator<LlmDelta> {
    // Structured output is JSON only: no reasoning is asked for.
    const reasoningOn = request.reasoning && !request.output;
    const splitter = reasoningOn ? new ReasoningSplitter() : null;
    const system = reasoningOn ? withReasoningInstruction(request.system) : request.system;
    let usage: TokenUsage | null = null;
    let finishReason: LlmFinishReason | null = null;
    let completionChars = 0;
    try {
      const chunks = await this.client.chat.completions.create(
        {
          model: request.model,
          messages: [
            ...(system ? [{ role: 'system' as const, content: system }] : []),
            ...request.messages.map((message) => ({ role: message.role, content: message.content })),
          ],
          max_completion_tokens: request.maxTokens,
          ...(request.temperature !== undefined && acceptsTemperature(request.model)
            ? { temperature: request.temperature }
            : {}),
          ...(request.output ? { response_format: jsonSchemaFormat(request.output) } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
      for await (const chunk of chunks) {
        if (chunk.usage) usage = toUsage(chunk.usage);
        const choice = chunk.choices[0];
        if (!choice) continue;
        const reasoning = readReasoningContent(choice.delta);
        if (reasoning && reasoningOn) {
          completionChars += reasoning.length;
          yield { type: 'reasoning', text: reasoning };
        }
        const content = choice.delta?.content;
        if (content) {
          completionChars += content.length;
          if (splitter) yield* splitter.push(content);
          else yield { type: 'text', text: content };
        }
        if (choice.finish_reason) finishReason = toFinishReason(choice.finish_reason);
      }
    } catch (error) {
      throw signal.aborted ? abortReason(signal) : error;
    }
    // The SDK ends the iteration quietly when the request is aborted.
    if (signal.aborted) throw abortReason(signal);
    if (finishReason === null) throw new IncompleteStreamError();
    if (splitter) yield* splitter.end();
    if (usage) yield { type: 'usage', usage };
    else {
      const estimate = usageOf(estimatePromptTokens(request), tokensForChars(completionChars));
      yield { type: 'usage', usage: estimate, estimated: true };
    }
    yield { type: 'done', finishReason };
  }
}

/** Strict structured output: the reply is one JSON value matching the schema. */
function jsonSchemaFormat(output: LlmJsonOutput): OpenAI.ResponseFormatJSONSchema {
  return {
    type: 'json_schema',
    json_schema: { name: output.name, description: output.description, schema: output.schema, strict: true },
  };
}

/** OpenAI's reasoning models (o-series, gpt-5) reject `temperature`. */
export function acceptsTemperature(model: string): boolean {
  return !/^(o\d|gpt-5)/i.test(model);
}

function toUsage(usage: OpenAI.CompletionUsage): TokenUsage {
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens,
  };
}

function toFinishReason(reason: string): LlmFinishReason {
  if (reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  if (reason === 'content_filter') return 'content_filter';
  return 'other';
}

/** xAI (and some OpenAI-compatible servers) stream reasoning as `delta.reasoning_content`. */
function readReasoningContent(delta: object | undefined): string | undefined {
  if (!delta || !('reasoning_content' in delta)) return undefined;
  const value: unknown = delta.reasoning_content;
  return typeof value === 'string' && value ? value : undefined;
}
