// The one way the web talks to the gateway: same-origin JSON over fetch, with the session cookie.

/**
 * A non-OK answer. The message is `${status}: ${body text || status text}` (spec §7); the error
 * catalogue (spec §8) matches on that text, so keep the format exact.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The `code` of a `{ statusCode, code, message }` error body, when the server sent one. */
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.code = readErrorCode(bodyText);
  }
}

function readErrorCode(bodyText: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'code' in parsed &&
      typeof parsed.code === 'string'
    ) {
      return parsed.code;
    }
  } catch {
    // Not JSON: plain-text bodies carry no code.
  }
  return undefined;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a request and throws an ApiError for any non-OK answer. */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  { signal }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
  return response;
}

/** Parses a JSON answer; an empty body (204, or a 200 with nothing) gives undefined. */
async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions): Promise<T> =>
    readJson<T>(await apiRequest('GET', path, undefined, options)),
  post: async <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    readJson<T>(await apiRequest('POST', path, body, options)),
  put: async <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    readJson<T>(await apiRequest('PUT', path, body, options)),
  patch: async <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    readJson<T>(await apiRequest('PATCH', path, body, options)),
  delete: async <T>(path: string, options?: RequestOptions): Promise<T> =>
    readJson<T>(await apiRequest('DELETE', path, undefined, options)),
};
