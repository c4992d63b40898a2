import { type SessionUser } from '@council/contracts';
import { jsonResponse, mockFetch, textResponse } from './mock-fetch';

type Handler = (init?: RequestInit) => Response | Promise<Response>;

/**
 * Routes fetch by path: GET /api/user answers `user` (or 401 when null) unless a handler replaces
 * it; any other unhandled path answers 404. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, Handler> = {}, user: SessionUser | null = null) {
  return mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[path];
    if (handler) return handler(init);
    if (path === '/api/user')
      return user ? jsonResponse(user) : textResponse('Unauthorized', 401, 'Unauthorized');
    return textResponse('Not Found', 404, 'Not Found');
  });
}

/** The JSON body sent with the first call to `path`. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
  const body = call?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

/** Error bodies as the gateway sends them ({ statusCode, code, message }). */
export const errorResponse = (status: number, code: string, message: string): Response =>
  jsonResponse({ statusCode: status, code, message }, status);
