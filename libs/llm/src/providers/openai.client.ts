import OpenAI from 'openai';
import { PROVIDER_FETCH } from '../http/undici-fetch';

export interface OpenAiClientOptions {
  apiKey: string;
  baseURL: string;
  /** How long to wait for the response headers, in ms (SDK `timeout`). Default 60 s. */
  timeoutMs?: number;
}

/**
 * The official SDK's client as every OpenAI-format call here uses it: undici's fetch, no SDK retries
 * (BullMQ, or the next refresh, is the one retry layer) and no organisation or project headers, which
 * the environment could otherwise add (OPENAI_ORG_ID, OPENAI_PROJECT_ID) and other servers refuse.
 */
export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 0,
    fetch: PROVIDER_FETCH,
    organization: null,
    project: null,
  });
}
