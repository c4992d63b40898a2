import { describe, expect, it } from 'vitest';
import { mockFetch, jsonResponse, textResponse } from '@/testing/mock-fetch';
import { ApiError, api } from './api-client';

describe('api client', () => {
  it('sends JSON with the session cookie', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ id: 7 }, 201));

    await expect(api.post('/api/things', { name: 'x' })).resolves.toEqual({ id: 7 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"x"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends GETs without a body or content type', async () => {
    const fetchMock = mockFetch(() => jsonResponse([1, 2]));

    await expect(api.get('/api/things')).resolves.toEqual([1, 2]);

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('resolves an empty answer to undefined', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
  });

  it('throws "status: body text" for a non-OK answer', async () => {
    mockFetch(() => textResponse('Invalid username or password', 401, 'Unauthorized'));

    const error = await api.get('/api/user').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: Invalid username or password');
    expect((error as ApiError).status).toBe(401);
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(() => textResponse('', 503, 'Service Unavailable'));
    await expect(api.get('/api/agents')).rejects.toMatchObject({ message: '503: Service Unavailable' });
  });

  it('keeps a JSON error body verbatim and exposes its code', async () => {
    const body = { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: 'Not enough tokens' };
    mockFetch(() => jsonResponse(body, 402));

    const error = await api.post('/api/questions', {}).catch((caught: unknown) => caught);

    expect((error as ApiError).message).toBe(`402: ${JSON.stringify(body)}`);
    expect((error as ApiError).code).toBe('INSUFFICIENT_TOKENS');
  });
});
