import { type Dispatcher, Pool } from 'undici';
import { isConnectionFailure } from './rpc-failure.util';

/** A map from call name to its request body and reply (e.g. contracts' BillingRpcCalls). */
export type RpcCallMap<Calls> = { [P in keyof Calls]: { request: object; reply: unknown } };

export interface HttpRpcClientOptions {
  /** Origin of the service, e.g. http://council-billing:3001 (a Service fronting every replica). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <secret>`; the server compares it in constant time. */
  secret: string;
  /** The whole call, a retry included, gives up after this. */
  timeoutMs: number;
  /** Most sockets open at once; calls beyond that wait for a free one. */
  connections: number;
  /**
   * A socket is closed after this many requests. A Kubernetes Service picks a replica per
   * connection, so without it a busy keep-alive socket would never reach a replica added later.
   */
  maxRequestsPerConnection: number;
  /** Idle sockets close after this; below Node's 5 s server default, so the server never races us. */
  keepAliveTimeoutMs?: number;
  /** Told how each call ended, e.g. to count calls by outcome. */
  onOutcome?: (call: string, outcome: RpcOutcome) => void;
}

/**
 * How a call ended: `ok` when the server answered below 500 (a 4xx is its considered refusal, such
 * as 402 for an empty balance), `error` for a 5xx or a reply that is not JSON, and `unreachable`
 * when no answer came at all (refused, reset, timed out).
 */
export type RpcOutcome = 'ok' | 'unreachable' | 'error';

/** What the server answered: the reply (2xx) or its status and parsed body (anything else). */
export type RpcAnswer<Reply> = { ok: true; reply: Reply } | { ok: false; status: number; body: unknown };

/** No answer: refused, reset, timed out, or a 2xx whose body is not JSON (`answered`). */
export class RpcTransportError extends Error {
  readonly answered: boolean;

  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown; answered?: boolean },
  ) {
    super(message, options);
    this.name = 'RpcTransportError';
    this.answered = options?.answered ?? false;
  }
}

const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 4000;
const NOT_JSON = Symbol('NOT_JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * A typed JSON-over-HTTP client: `call(name, request)` POSTs the request to `pathOf(name)` on one
 * keep-alive pool. A call whose connection failed before an answer (a replica that just stopped, a
 * keep-alive socket the server closed) is sent once more on a fresh connection, so the server's
 * handlers must be idempotent.
 */
export class HttpRpcClient<Calls extends RpcCallMap<Calls>> {
  private readonly pool: Pool;
  private readonly authorization: string;

  constructor(
    private readonly options: HttpRpcClientOptions,
    private readonly pathOf: (name: keyof Calls & string) => string,
  ) {
    this.pool = new Pool(new URL(options.baseUrl).origin, {
      connections: options.connections,
      maxRequestsPerClient: options.maxRequestsPerConnection,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
      connectTimeout: options.timeoutMs,
    });
    this.authorization = `Bearer ${options.secret}`;
  }

  async call<P extends keyof Calls & string>(
    name: P,
    request: Calls[P]['request'],
  ): Promise<RpcAnswer<Calls[P]['reply']>> {
    let answer: RpcAnswer<Calls[P]['reply']>;
    try {
      answer = await this.attempt(name, request);
    } catch (error) {
      const answered = error instanceof RpcTransportError && error.answered;
      this.options.onOutcome?.(name, answered ? 'error' : 'unreachable');
      throw error;
    }
    this.options.onOutcome?.(name, answer.ok || answer.status < 500 ? 'ok' : 'error');
    return answer;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** One call, sent again once on a fresh connection when the first failed before an answer. */
  private async attempt<P extends keyof Calls & string>(
    name: P,
    request: Calls[P]['request'],
  ): Promise<RpcAnswer<Calls[P]['reply']>> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const body = JSON.stringify(request);
    try {
      return await this.send<Calls[P]['reply']>(name, body, signal);
    } catch (error) {
      if (signal.aborted || !isConnectionFailure(error)) throw this.transportError(name, error, signal);
      try {
        return await this.send<Calls[P]['reply']>(name, body, signal);
      } catch (retryError) {
        throw this.transportError(name, retryError, signal);
      }
    }
  }

  private async send<Reply>(
    name: keyof Calls & string,
    body: string,
    signal: AbortSignal,
  ): Promise<RpcAnswer<Reply>> {
    const response: Dispatcher.ResponseData = await this.pool.request({
      method: 'POST',
      path: this.pathOf(name),
      headers: { 'content-type': 'application/json', authorization: this.authorization },
      body,
      signal,
    });
    const text = await response.body.text();
    const parsed = parseJson(text);
    if (response.statusCode >= 200 && response.statusCode < 300) {
      if (parsed === NOT_JSON) {
        throw new RpcTransportError(`${name}: the reply is not JSON`, false, { answered: true });
      }
      return { ok: true, reply: parsed as Reply };
    }
    return { ok: false, status: response.statusCode, body: parsed === NOT_JSON ? text : parsed };
  }

  private transportError(name: string, error: unknown, signal: AbortSignal): RpcTransportError {
    if (error instanceof RpcTransportError) return error;
    if (signal.aborted) {
      return new RpcTransportError(`${name}: no answer within ${this.options.timeoutMs} ms`, true, {
        cause: error,
      });
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new RpcTransportError(`${name}: ${detail}`, false, { cause: error });
  }
}
