import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import { type AddressInfo } from 'node:net';

/** Which wire format a request used. */
export type FakeProviderApi = 'openai' | 'anthropic';

/**
 * What the fake does with one request. Mid-stream faults (`error-event`, `stall`, `drop`) happen
 * after `afterTokens` content tokens (default: 2) have been sent with status 200.
 */
export type FakeProviderBehaviour =
  | { kind: 'ok' }
  /** 429; `quota` makes it the spend-limit kind (OpenAI insufficient_quota), which is not retryable. */
  | { kind: 'rate-limit'; retryAfterSeconds?: number; retryAfterMs?: number; quota?: boolean }
  | { kind: 'server-error'; status?: number }
  /** 529 with Anthropic's overloaded_error body. */
  | { kind: 'overloaded' }
  | { kind: 'unauthorized' }
  /** Any status with the API's error body (400, 403, 404 …). */
  | { kind: 'status'; status: number; message?: string; type?: string; code?: string }
  /** An error event in the body of a 200 (OpenAI `data: {"error":…}`, Anthropic `event: error`). */
  | { kind: 'error-event'; afterTokens?: number; errorType?: string }
  /** Stops sending and keeps the socket open until the client gives up or the server stops. */
  | { kind: 'stall'; afterTokens?: number }
  /** Destroys the socket mid-stream. */
  | { kind: 'drop'; afterTokens?: number };

export type FakeProviderBehaviourKind = FakeProviderBehaviour['kind'];

/** Which requests a scripted behaviour applies to; every field given must match. */
export interface FakeProviderMatch {
  api?: FakeProviderApi;
  model?: string;
  /** Matched against the request path, e.g. "/xai/". */
  pathIncludes?: string;
  /** true: only structured-output requests (an agreement map); false: only prose. */
  structured?: boolean;
}

/** One request as the fake received it. */
export interface FakeProviderRequest {
  /** 1, 2, 3 … in arrival order. */
  id: number;
  api: FakeProviderApi;
  path: string;
  headers: IncomingHttpHeaders;
  /** From `Authorization: Bearer …` or `x-api-key`. */
  apiKey: string | null;
  body: Record<string, unknown>;
  model: string;
  /** System prompt (OpenAI system/developer messages, Anthropic `system`). */
  system: string;
  messages: Array<{ role: string; content: string }>;
  stream: boolean;
  /** OpenAI `stream_options.include_usage`. */
  includeUsage: boolean;
  /** Anthropic `thinking` enabled (or adaptive). */
  thinking: boolean;
  maxTokens: number | null;
  /**
   * The answer was longer than `maxTokens` (thinking included) and was cut there, as the APIs do:
   * finish_reason "length" (OpenAI), stop_reason "max_tokens" (Anthropic).
   */
  cutAtMaxTokens: boolean;
  /**
   * Structured output asked for: the schema's name (OpenAI `response_format` json_schema) or the
   * forced tool's name (Anthropic `tool_choice: {type: 'tool'}`); null for prose. The generated text
   * is then the JSON reply, sent as content (OpenAI) or as the tool's input_json_delta (Anthropic).
   */
  structured: string | null;
  behaviour: FakeProviderBehaviourKind;
  /** What the fake reports: prompt = ceil(chars of system + messages / 4), completion = tokens sent. */
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  receivedAt: number;
  /** When the response ended, whole or not (Date.now()); null while it is open. */
  endedAt: number | null;
  /** `completed`: the whole answer was sent; `failed`: a scripted fault; `client-closed`: the client left first. */
  outcome: 'streaming' | 'completed' | 'failed' | 'client-closed';
  /** The client closed the connection before the response ended (an abort, a stall timeout). */
  clientClosed: boolean;
}

export interface FakeProviderServerOptions {
  /** Delay before the first content token; default 0. */
  firstTokenDelayMs?: number;
  /** Content tokens per second; 0 (default) sends everything at once, with no timers. */
  tokensPerSecond?: number;
  /** The answer's text. Default: a short deterministic answer that quotes the question. */
  generateText?: (request: FakeProviderRequest) => string;
  /** Thinking text: Anthropic thinking blocks, or `<reasoning>` tags when the system prompt asks for them. */
  generateReasoning?: (request: FakeProviderRequest) => string;
  /** When set, any other key gets a 401. */
  apiKeys?: readonly string[];
  /** Keep a record of received requests (default true); a number keeps only the last N. */
  recordRequests?: boolean | number;
  port?: number;
  /**
   * Benchmarks: every occurrence of this marker in the streamed text is replaced, as its frame is
   * written, by the time of writing (`clock()`, 3 decimals), so a client can measure the latency
   * from the provider's emit to its own receipt on the same clock. Frames sent at once (no pacing)
   * and non-streaming replies are stamped too. Default: none (text is sent as generated).
   */
  stampMarker?: string;
  /** The HTTP server's keep-alive timeout (ms); default 1000. Load tests with many clients want longer. */
  keepAliveTimeoutMs?: number;
  /** The clock of `stampMarker`, in ms; default: epoch ms from performance.timeOrigin + performance.now(). */
  clock?: () => number;
  /** The model ids GET …/models lists (OpenAI's list format); default FAKE_PROVIDER_MODELS. */
  models?: readonly string[];
}

/**
 * What GET …/models lists by default: the catalogue's local model, so a stack whose LOCAL_BASE_URL
 * points here offers it (the local provider offers exactly what its server lists).
 */
export const FAKE_PROVIDER_MODELS: readonly string[] = ['llama3.2'];

interface ScriptEntry {
  behaviour: FakeProviderBehaviour;
  match: FakeProviderMatch;
  remaining: number;
}

const DEFAULT_FAULT_AFTER_TOKENS = 2;
/** Responses the server cut on purpose (`drop`), so their close is not the client's doing. */
const dropped = new WeakSet<ServerResponse>();
/** Shortest pause between two writes when pacing. */
const MIN_TICK_MS = 10;

/**
 * One local HTTP server speaking OpenAI chat-completions SSE (POST …/chat/completions, with
 * include_usage) and Anthropic messages SSE (POST …/messages, the full event sequence with
 * content_block_start/stop, ping and thinking blocks), for the real SDKs, and listing its models
 * (GET …/models, the `models` option). Any path prefix works, so one server can stand in for OpenAI
 * (`openaiBaseUrl`), xAI (`baseUrlFor('/xai/v1')`) and Anthropic (`anthropicBaseUrl`) at once.
 *
 * Faults are scripted per request: `script(behaviour, match?, times?)` queues behaviours that the
 * next matching requests take, in order; unmatched requests get `ok`.
 */
export class FakeProviderServer {
  readonly requests: FakeProviderRequest[] = [];
  /** How many times GET …/models was answered (listings are not recorded in `requests`). */
  modelListings = 0;
  private readonly scripts: ScriptEntry[] = [];
  private readonly stalled = new Set<ServerResponse>();
  private options: FakeProviderServerOptions;
  private server: Server | null = null;
  private port = 0;
  private sequence = 0;

  constructor(options: FakeProviderServerOptions = {}) {
    this.options = { ...options };
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Base URL for the openai SDK (it appends /chat/completions). */
  get openaiBaseUrl(): string {
    return `${this.url}/v1`;
  }

  /** Base URL for the Anthropic SDK (it appends /v1/messages). */
  get anthropicBaseUrl(): string {
    return this.url;
  }

  /** This server under another prefix, e.g. baseUrlFor('/xai/v1') to stand in for xAI. */
  baseUrlFor(prefix: string): string {
    return `${this.url}${prefix.startsWith('/') ? prefix : `/${prefix}`}`;
  }

  async listen(): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
        else response.destroy();
      });
    });
    server.keepAliveTimeout = this.options.keepAliveTimeoutMs ?? 1_000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const response of this.stalled) response.destroy();
    this.stalled.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Changes pacing or generators for the requests that follow. */
  configure(options: Partial<FakeProviderServerOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** The next `times` requests matching `match` (default: any) get `behaviour`. */
  script(behaviour: FakeProviderBehaviour, match: FakeProviderMatch = {}, times = 1): void {
    this.scripts.push({ behaviour, match, remaining: times });
  }

  /** The next requests get these behaviours, one each, in order. */
  enqueue(...behaviours: FakeProviderBehaviour[]): void {
    for (const behaviour of behaviours) this.script(behaviour);
  }

  clearScripts(): void {
    this.scripts.length = 0;
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  requestsTo(api: FakeProviderApi): FakeProviderRequest[] {
    return this.requests.filter((request) => request.api === api);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'GET' && path.endsWith('/models')) {
      this.listModels(request, response);
      return;
    }
    const api: FakeProviderApi | null =
      request.method !== 'POST'
        ? null
        : path.endsWith('/chat/completions')
          ? 'openai'
          : path.endsWith('/messages')
            ? 'anthropic'
            : null;
    if (!api) {
      sendJson(response, 404, {
        error: { message: `No route for ${request.method} ${path}`, type: 'not_found' },
      });
      return;
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(await readBody(request));
      body = isRecord(parsed) ? parsed : {};
    } catch {
      sendError(response, api, 400, 'invalid_request_error', 'The request body is not valid JSON.');
      return;
    }

    const record = this.describe(api, path, request.headers, body);
    const allowed = this.options.apiKeys;
    const behaviour: FakeProviderBehaviour =
      allowed && !allowed.includes(record.apiKey ?? '')
        ? { kind: 'unauthorized' }
        : this.nextBehaviour(record);
    record.behaviour = behaviour.kind;
    this.remember(record);
    response.on('close', () => {
      record.endedAt ??= Date.now();
      this.stalled.delete(response);
      if (response.writableEnded || dropped.has(response)) return;
      record.clientClosed = true;
      if (record.outcome === 'streaming') record.outcome = 'client-closed';
    });

    if (this.replyWithError(response, record, behaviour)) return;

    const reasoningText = record.structured ? '' : this.reasoningText(record);
    const answer =
      this.options.generateText?.(record) ??
      (record.structured ? defaultStructuredReply(record) : defaultText(record));
    const text =
      !record.thinking && reasoningText && /<reasoning>/i.test(record.system)
        ? `<reasoning>${reasoningText}</reasoning>\n\n${answer}`
        : answer;
    const thinkingTokens =
      api === 'anthropic' && record.thinking ? tokenize(reasoningText || 'Thinking.') : [];
    let textTokens = tokenize(text);
    const room = record.maxTokens === null ? Infinity : Math.max(0, record.maxTokens - thinkingTokens.length);
    if (textTokens.length > room) {
      textTokens = textTokens.slice(0, room);
      record.cutAtMaxTokens = true;
    }
    record.usage = usage(record.usage.promptTokens, thinkingTokens.length + textTokens.length);

    if (!record.stream) {
      record.outcome = 'completed';
      const stamped = this.stamp(textTokens.join(''));
      sendJson(
        response,
        200,
        api === 'openai'
          ? openAiCompletion(record, stamped)
          : anthropicMessage(record, thinkingTokens, stamped),
      );
      return;
    }

    const frames =
      api === 'openai'
        ? openAiFrames(record, textTokens)
        : anthropicFrames(record, thinkingTokens, textTokens);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...(api === 'openai' ? { 'x-request-id': `req_${record.id}` } : { 'request-id': `req_${record.id}` }),
    });
    response.flushHeaders();
    this.stream(response, record, frames, behaviour);
  }

  /** GET …/models: `models` in OpenAI's list format, behind the same keys as the answers. */
  private listModels(request: IncomingMessage, response: ServerResponse): void {
    const allowed = this.options.apiKeys;
    if (allowed && !allowed.includes(readApiKey(request.headers) ?? '')) {
      sendError(
        response,
        'openai',
        401,
        'invalid_request_error',
        'Incorrect API key provided.',
        'invalid_api_key',
      );
      return;
    }
    this.modelListings += 1;
    const created = Math.floor(Date.now() / 1000);
    sendJson(response, 200, {
      object: 'list',
      data: (this.options.models ?? FAKE_PROVIDER_MODELS).map((id) => ({
        id,
        object: 'model',
        created,
        owned_by: 'fake-provider',
      })),
    });
  }

  /** Sends the preamble, the token frames (paced or at once), then the epilogue or the fault. */
  private stream(
    response: ServerResponse,
    record: FakeProviderRequest,
    frames: Frames,
    behaviour: FakeProviderBehaviour,
  ): void {
    const fault =
      behaviour.kind === 'error-event' || behaviour.kind === 'stall' || behaviour.kind === 'drop'
        ? behaviour
        : null;
    const stopAt = fault
      ? Math.min(fault.afterTokens ?? DEFAULT_FAULT_AFTER_TOKENS, frames.tokens.length)
      : frames.tokens.length;
    const rate = this.options.tokensPerSecond ?? 0;
    const firstDelay = this.options.firstTokenDelayMs ?? 0;
    let sent = 0;
    let startedAt = 0;

    const finish = () => {
      if (response.destroyed) return;
      if (!fault) {
        record.outcome = 'completed';
        record.endedAt = Date.now();
        response.end(this.stamp(frames.epilogue));
        return;
      }
      record.outcome = 'failed';
      if (fault.kind === 'error-event') {
        response.end(errorEventFrame(record.api, fault.errorType));
      } else if (fault.kind === 'stall') {
        this.stalled.add(response);
      } else {
        // Flush what was written, then cut the connection without ending the chunked body.
        dropped.add(response);
        response.write('', () => response.socket?.destroy());
      }
    };

    const tick = () => {
      if (response.destroyed) return;
      const due =
        rate > 0 ? Math.min(stopAt, Math.floor(((Date.now() - startedAt) * rate) / 1000) + 1) : stopAt;
      if (due > sent) {
        response.write(this.stamp(frames.tokens.slice(sent, due).join('')));
        sent = due;
      }
      if (sent >= stopAt) {
        finish();
        return;
      }
      setTimeout(tick, Math.max(MIN_TICK_MS, 1000 / rate));
    };

    const start = () => {
      if (response.destroyed) return;
      startedAt = Date.now();
      tick();
    };

    response.write(this.stamp(frames.preamble));
    if (firstDelay > 0) setTimeout(start, firstDelay);
    else start();
  }

  /** Replaces `stampMarker` with the current time (a no-op without a marker). */
  private stamp(chunk: string): string {
    const marker = this.options.stampMarker;
    if (!marker || !chunk.includes(marker)) return chunk;
    const now = (this.options.clock ?? epochNow)();
    return chunk.split(marker).join(now.toFixed(3));
  }

  private replyWithError(
    response: ServerResponse,
    record: FakeProviderRequest,
    behaviour: FakeProviderBehaviour,
  ): boolean {
    const api = record.api;
    const fail = () => {
      record.outcome = 'failed';
      return true;
    };
    switch (behaviour.kind) {
      case 'rate-limit': {
        const headers: Record<string, string> = {};
        if (behaviour.retryAfterSeconds !== undefined)
          headers['retry-after'] = String(behaviour.retryAfterSeconds);
        if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = String(behaviour.retryAfterMs);
        if (behaviour.quota) {
          sendError(
            response,
            api,
            429,
            api === 'openai' ? 'insufficient_quota' : 'rate_limit_error',
            api === 'openai'
              ? 'You exceeded your current quota, please check your plan and billing details.'
              : 'Your credit balance is too low to access the Anthropic API.',
            'insufficient_quota',
            headers,
          );
        } else {
          sendError(
            response,
            api,
            429,
            api === 'openai' ? 'requests' : 'rate_limit_error',
            'Rate limit reached for requests.',
            'rate_limit_exceeded',
            headers,
          );
        }
        return fail();
      }
      case 'server-error':
        sendError(
          response,
          api,
          behaviour.status ?? 500,
          api === 'openai' ? 'server_error' : 'api_error',
          'The server had an error while processing your request.',
        );
        return fail();
      case 'overloaded':
        sendError(response, api, 529, 'overloaded_error', 'Overloaded');
        return fail();
      case 'unauthorized':
        sendError(
          response,
          api,
          401,
          api === 'openai' ? 'invalid_request_error' : 'authentication_error',
          api === 'openai' ? 'Incorrect API key provided.' : 'invalid x-api-key',
          api === 'openai' ? 'invalid_api_key' : undefined,
        );
        return fail();
      case 'status':
        sendError(
          response,
          api,
          behaviour.status,
          behaviour.type ?? 'invalid_request_error',
          behaviour.message ?? `Request failed with status ${behaviour.status}.`,
          behaviour.code,
        );
        return fail();
      default:
        return false;
    }
  }

  private nextBehaviour(record: FakeProviderRequest): FakeProviderBehaviour {
    const index = this.scripts.findIndex((entry) => matches(entry.match, record));
    if (index < 0) return { kind: 'ok' };
    const entry = this.scripts[index];
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.scripts.splice(index, 1);
    return entry.behaviour;
  }

  private reasoningText(record: FakeProviderRequest): string {
    if (this.options.generateReasoning) return this.options.generateReasoning(record);
    return `First I restate the question, then I weigh the main options for ${record.model}, then I answer.`;
  }

  private describe(
    api: FakeProviderApi,
    path: string,
    headers: IncomingHttpHeaders,
    body: Record<string, unknown>,
  ): FakeProviderRequest {
    const rawMessages = Array.isArray(body.messages) ? body.messages : [];
    const messages = rawMessages.filter(isRecord).map((message) => ({
      role: typeof message.role === 'string' ? message.role : 'user',
      content: contentText(message.content),
    }));
    const systemParts =
      api === 'openai'
        ? messages
            .filter((message) => message.role === 'system' || message.role === 'developer')
            .map((message) => message.content)
        : [contentText(body.system)];
    const conversation =
      api === 'openai'
        ? messages.filter((message) => message.role !== 'system' && message.role !== 'developer')
        : messages;
    const system = systemParts.filter(Boolean).join('\n');
    const promptChars = [system, ...conversation.map((message) => message.content)].join('\n').length;
    const thinking =
      isRecord(body.thinking) && (body.thinking.type === 'enabled' || body.thinking.type === 'adaptive');
    const streamOptions = isRecord(body.stream_options) ? body.stream_options : {};
    const maxTokens = [body.max_completion_tokens, body.max_tokens].find(
      (value) => typeof value === 'number',
    );
    const responseFormat = isRecord(body.response_format) ? body.response_format : {};
    const jsonSchema = isRecord(responseFormat.json_schema) ? responseFormat.json_schema : {};
    const toolChoice = isRecord(body.tool_choice) ? body.tool_choice : {};
    const structured =
      api === 'openai'
        ? responseFormat.type === 'json_schema' && typeof jsonSchema.name === 'string'
          ? jsonSchema.name
          : null
        : toolChoice.type === 'tool' && typeof toolChoice.name === 'string'
          ? toolChoice.name
          : null;
    return {
      api,
      path,
      headers,
      apiKey: readApiKey(headers),
      body,
      model: typeof body.model === 'string' ? body.model : 'unknown-model',
      system,
      messages: conversation,
      stream: body.stream === true,
      includeUsage: streamOptions.include_usage === true,
      thinking,
      maxTokens: typeof maxTokens === 'number' ? maxTokens : null,
      cutAtMaxTokens: false,
      structured,
      behaviour: 'ok',
      usage: usage(Math.ceil(promptChars / 4), 0),
      id: ++this.sequence,
      receivedAt: Date.now(),
      endedAt: null,
      outcome: 'streaming',
      clientClosed: false,
    };
  }

  private remember(record: FakeProviderRequest): void {
    const keep = this.options.recordRequests ?? true;
    if (keep === false) return;
    this.requests.push(record);
    if (typeof keep === 'number' && this.requests.length > keep)
      this.requests.splice(0, this.requests.length - keep);
  }
}

/** Starts a FakeProviderServer on a free local port. */
export async function startFakeProviderServer(
  options: FakeProviderServerOptions = {},
): Promise<FakeProviderServer> {
  const server = new FakeProviderServer(options);
  await server.listen();
  return server;
}

// ---------------------------------------------------------------------------------------------
// Wire formats
// ---------------------------------------------------------------------------------------------

interface Frames {
  preamble: string;
  /** One frame per content token. */
  tokens: string[];
  epilogue: string;
}

/** Words with their trailing whitespace: a stand-in for tokens, so usage is easy to predict. */
export function tokenize(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function openAiFrames(record: FakeProviderRequest, tokens: string[]): Frames {
  const base = {
    id: `chatcmpl-${record.id}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: record.model,
    system_fingerprint: null,
  };
  const usageField = record.includeUsage ? { usage: null } : {};
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    sse(null, {
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...usageField,
    });
  const usageFrame = record.includeUsage
    ? sse(null, {
        ...base,
        choices: [],
        usage: {
          prompt_tokens: record.usage.promptTokens,
          completion_tokens: record.usage.completionTokens,
          total_tokens: record.usage.totalTokens,
        },
      })
    : '';
  return {
    preamble: chunk({ role: 'assistant', content: '', refusal: null }, null),
    tokens: tokens.map((token) => chunk({ content: token }, null)),
    epilogue: `${chunk({}, record.cutAtMaxTokens ? 'length' : 'stop')}${usageFrame}data: [DONE]\n\n`,
  };
}

function anthropicFrames(
  record: FakeProviderRequest,
  thinkingTokens: string[],
  textTokens: string[],
): Frames {
  const thinking = thinkingTokens.length > 0;
  const textIndex = thinking ? 1 : 0;
  const start = sse('message_start', {
    type: 'message_start',
    message: {
      id: `msg_${record.id}`,
      type: 'message',
      role: 'assistant',
      model: record.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: record.usage.promptTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 1,
      },
    },
  });
  const blockStart = (index: number, block: Record<string, unknown>) =>
    sse('content_block_start', { type: 'content_block_start', index, content_block: block });
  const blockStop = (index: number) => sse('content_block_stop', { type: 'content_block_stop', index });
  const delta = (index: number, value: Record<string, unknown>) =>
    sse('content_block_delta', { type: 'content_block_delta', index, delta: value });
  const ping = sse('ping', { type: 'ping' });
  const textBlock = record.structured
    ? { type: 'tool_use', id: `toolu_${record.id}`, name: record.structured, input: {} }
    : { type: 'text', text: '' };

  // Token frames carry the block boundaries with them, so a fault after N tokens cuts mid-block.
  const tokens = [
    ...thinkingTokens.map(
      (token, index) => (index === 0 ? ping : '') + delta(0, { type: 'thinking_delta', thinking: token }),
    ),
    ...textTokens.map((token, index) => {
      const opening =
        index === 0
          ? (thinking
              ? delta(0, { type: 'signature_delta', signature: 'ZmFrZS1zaWduYXR1cmU=' }) + blockStop(0)
              : '') +
            blockStart(textIndex, textBlock) +
            (thinking ? '' : ping)
          : '';
      return (
        opening +
        delta(
          textIndex,
          record.structured
            ? { type: 'input_json_delta', partial_json: token }
            : { type: 'text_delta', text: token },
        )
      );
    }),
  ];
  const preamble = start + (thinking ? blockStart(0, { type: 'thinking', thinking: '', signature: '' }) : '');
  const emptyText = textTokens.length === 0 ? blockStart(textIndex, textBlock) : '';
  const epilogue =
    emptyText +
    blockStop(textIndex) +
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason(record), stop_sequence: null },
      usage: { output_tokens: record.usage.completionTokens },
    }) +
    sse('message_stop', { type: 'message_stop' });
  return { preamble, tokens, epilogue };
}

function openAiCompletion(record: FakeProviderRequest, text: string): Record<string, unknown> {
  return {
    id: `chatcmpl-${record.id}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: record.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null },
        logprobs: null,
        finish_reason: record.cutAtMaxTokens ? 'length' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: record.usage.promptTokens,
      completion_tokens: record.usage.completionTokens,
      total_tokens: record.usage.totalTokens,
    },
  };
}

function anthropicMessage(
  record: FakeProviderRequest,
  thinkingTokens: string[],
  text: string,
): Record<string, unknown> {
  const content: Array<Record<string, unknown>> = [];
  if (thinkingTokens.length)
    content.push({ type: 'thinking', thinking: thinkingTokens.join(''), signature: 'ZmFrZS1zaWduYXR1cmU=' });
  if (record.structured) {
    content.push({
      type: 'tool_use',
      id: `toolu_${record.id}`,
      name: record.structured,
      input: parseJsonObject(text),
    });
  } else {
    content.push({ type: 'text', text });
  }
  return {
    id: `msg_${record.id}`,
    type: 'message',
    role: 'assistant',
    model: record.model,
    content,
    stop_reason: stopReason(record),
    stop_sequence: null,
    usage: { input_tokens: record.usage.promptTokens, output_tokens: record.usage.completionTokens },
  };
}

function stopReason(record: FakeProviderRequest): string {
  if (record.cutAtMaxTokens) return 'max_tokens';
  return record.structured ? 'tool_use' : 'end_turn';
}

function errorEventFrame(api: FakeProviderApi, errorType?: string): string {
  if (api === 'openai') {
    return sse(null, {
      error: {
        message: 'The server had an error while processing your request.',
        type: errorType ?? 'server_error',
        param: null,
        code: null,
      },
    });
  }
  const type = errorType ?? 'overloaded_error';
  return sse('error', {
    type: 'error',
    error: { type, message: type === 'overloaded_error' ? 'Overloaded' : 'Internal server error' },
  });
}

function sse(event: string | null, data: unknown): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

function sendError(
  response: ServerResponse,
  api: FakeProviderApi,
  status: number,
  type: string,
  message: string,
  code?: string,
  headers: Record<string, string> = {},
): void {
  const body =
    api === 'openai'
      ? { error: { message, type, param: null, code: code ?? null } }
      : { type: 'error', error: { type, message }, request_id: 'req_fake' };
  sendJson(response, status, body, headers);
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  response.end(payload);
}

function defaultText(record: FakeProviderRequest): string {
  const question = [...record.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const quoted = question.length > 80 ? `${question.slice(0, 77)}...` : question;
  return `This is a fake answer from ${record.model}. You asked: "${quoted}". It streams a few sentences so tests can watch the text arrive token by token.`;
}

/**
 * A structured reply for an agreement-map request: one claim every member listed in the prompt
 * (`<member number="N"`) supports. Other schemas get an empty object.
 */
export function defaultStructuredReply(record: FakeProviderRequest): string {
  const prompt = record.messages.map((message) => message.content).join('\n');
  const members = [...prompt.matchAll(/<member number="(\d+)"/g)].map((match) => Number(match[1]));
  if (members.length === 0) return '{}';
  return JSON.stringify({
    claims: [
      {
        claim: `The council agrees on the answer from ${record.model}.`,
        stances: members.map((member) => ({ member, stance: 'supports', reason: '', changedInRound: null })),
      },
    ],
  });
}

function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

function usage(promptTokens: number, completionTokens: number) {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

function matches(match: FakeProviderMatch, record: FakeProviderRequest): boolean {
  return (
    (match.api === undefined || match.api === record.api) &&
    (match.model === undefined || match.model === record.model) &&
    (match.pathIncludes === undefined || record.path.includes(match.pathIncludes)) &&
    (match.structured === undefined || match.structured === (record.structured !== null))
  );
}

function readApiKey(headers: IncomingHttpHeaders): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && /^Bearer\s+/i.test(authorization))
    return authorization.replace(/^Bearer\s+/i, '');
  const key = headers['x-api-key'];
  return typeof key === 'string' ? key : null;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
