import { type Provider } from '@council/contracts';
import type OpenAI from 'openai';
import { abortReason } from '../errors/llm.errors';
import { createOpenAiClient } from './openai.client';

/** Lists the models an OpenAI-compatible server offers (GET /v1/models). */
export interface ModelLister {
  readonly provider: Provider;
  /** The server's model ids in its order. Throws when the server cannot be asked or refuses. */
  list(signal: AbortSignal): Promise<string[]>;
}

export interface OpenAiModelsListerOptions {
  provider: Provider;
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** Through the official SDK, with the client every OpenAI-format answer uses (createOpenAiClient). */
export class OpenAiModelsLister implements ModelLister {
  readonly provider: Provider;
  private readonly client: OpenAI;

  constructor(options: OpenAiModelsListerOptions) {
    this.provider = options.provider;
    this.client = createOpenAiClient({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeoutMs: options.timeoutMs,
    });
  }

  async list(signal: AbortSignal): Promise<string[]> {
    const ids: string[] = [];
    try {
      for await (const model of this.client.models.list({ signal })) ids.push(model.id);
    } catch (error) {
      throw signal.aborted ? abortReason(signal) : error;
    }
    return ids;
  }
}
