import { vi } from 'vitest';

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch (undone by `unstubGlobals`); returns the mock to inspect calls. */
export function mockFetch(route: Route) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(route(url, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const textResponse = (body: string, status: number, statusText = ''): Response =>
  new Response(body, { status, statusText });
