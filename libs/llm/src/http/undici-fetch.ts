import { type IncomingHttpHeaders } from 'node:http';
import { type Dispatcher, request } from 'undici';

type FetchInput = Parameters<typeof fetch>[0];

/**
 * A `fetch` for the provider SDKs (their documented `fetch` option) that sends requests with
 * undici's `request` and hands the body over as a Node stream. The SDKs iterate a body that is
 * async-iterable directly, so each streamed chunk skips the WHATWG stream layer of the global
 * fetch: measured with the OpenAI SDK at 200 concurrent streams, 44 → 26 µs of CPU per token.
 *
 * Requests it does not cover (a Request object, a body other than a string or bytes) go to the
 * global fetch, so nothing the SDKs could send is refused.
 */
export function createUndiciFetch(dispatcher?: Dispatcher): typeof fetch {
  return async (input: FetchInput, init?: RequestInit): Promise<Response> => {
    const body = init?.body;
    const plainBody =
      body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
    if (input instanceof Request || !plainBody) return fetch(input, init);
    const url = String(input);
    const response = await request(url, {
      method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: plainHeaders(init?.headers),
      body: body ?? null,
      signal: init?.signal ?? null,
      ...(dispatcher ? { dispatcher } : {}),
    });
    return new StreamedResponse(url, response) as unknown as Response;
  };
}

/** What the SDKs read of a Response: status, headers, and the body as a stream or as text/JSON. */
class StreamedResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly redirected = false;
  readonly type = 'basic';
  readonly body: Dispatcher.ResponseData['body'];

  constructor(
    readonly url: string,
    response: Dispatcher.ResponseData,
  ) {
    this.status = response.statusCode;
    this.ok = this.status >= 200 && this.status < 300;
    this.statusText = response.statusText;
    this.headers = toHeaders(response.headers);
    this.body = response.body;
  }

  get bodyUsed(): boolean {
    return this.body.bodyUsed;
  }

  text(): Promise<string> {
    return this.body.text();
  }

  json(): Promise<unknown> {
    return this.body.json();
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.body.arrayBuffer();
  }
}

function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  const plain: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
}

function toHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) result.append(name, item);
    else if (value !== undefined) result.set(name, value);
  }
  return result;
}

/** The fetch every provider SDK client uses: undici's global dispatcher (one pool per origin). */
export const PROVIDER_FETCH = createUndiciFetch();
