import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createUndiciFetch } from '../src/http/undici-fetch';

describe('createUndiciFetch (the provider SDKs’ fetch) against a local HTTP server', () => {
  let server: Server;
  let baseUrl: string;
  const received: { method?: string; headers: Record<string, unknown>; body: string }[] = [];
  /** Lets the streaming route send its next chunk. */
  let sendNext: (() => void) | null = null;
  const fetchFn = createUndiciFetch();

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method, headers: request.headers, body });
        if (request.url === '/json') {
          response.writeHead(429, [
            ['Content-Type', 'application/json'],
            ['Retry-After', '7'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
          ]);
          response.end(JSON.stringify({ error: { message: 'slow down' } }));
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        let sent = 0;
        const next = () => {
          sent += 1;
          if (sent > 3) {
            response.end();
            return;
          }
          response.write(`data: ${sent}\n\n`);
        };
        sendNext = next;
        next();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (received.length = 0));

  it('sends the method, headers and body, and reads status, headers and a JSON body', async () => {
    const response = await fetchFn(`${baseUrl}/json`, {
      method: 'POST',
      headers: new Headers({ 'Content-Type': 'application/json', Authorization: 'Bearer k' }),
      body: JSON.stringify({ model: 'm' }),
    });
    expect(response.status).toBe(429);
    expect(response.ok).toBe(false);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    await expect(response.json()).resolves.toEqual({ error: { message: 'slow down' } });
    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ authorization: 'Bearer k', 'content-type': 'application/json' }),
        body: '{"model":"m"}',
      }),
    ]);
  });

  it('hands over the body as an async-iterable Node stream, chunk by chunk as the server sends', async () => {
    const response = await fetchFn(`${baseUrl}/stream`, { method: 'POST', body: '{}' });
    expect(response.ok).toBe(true);
    expect(response.body).toBeInstanceOf(Readable);
    const chunks: string[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Buffer>) {
      chunks.push(chunk.toString());
      sendNext?.();
    }
    expect(chunks).toEqual(['data: 1\n\n', 'data: 2\n\n', 'data: 3\n\n']);
  });

  it('an abort through the signal ends the streamed body with an AbortError', async () => {
    const controller = new AbortController();
    const response = await fetchFn(`${baseUrl}/stream`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    const iterator = (response.body as unknown as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await expect(iterator.next()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes what it does not cover (a Request object) to the global fetch', async () => {
    const response = await fetchFn(new Request(`${baseUrl}/json`));
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(429);
    await response.text();
  });
});
