import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { HttpRpcClient, type RpcOutcome } from './http-rpc.client';

type Calls = {
  [K in 'ok' | 'refused' | 'broken' | 'garbled' | 'silent']: { request: object; reply: unknown };
};

/** Answers each call as its name says; `silent` never answers. */
function startServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const name = (req.url ?? '').slice(1);
    req.resume();
    if (name === 'ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{"fine":true}');
    else if (name === 'refused') res.writeHead(402).end('{"code":"PAYMENT_REQUIRED"}');
    else if (name === 'broken') res.writeHead(503).end('{}');
    else if (name === 'garbled') res.writeHead(200).end('<html>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function clientOf(
  baseUrl: string,
  outcomes: Array<[string, RpcOutcome]>,
  timeoutMs = 10_000,
): HttpRpcClient<Calls> {
  return new HttpRpcClient<Calls>(
    {
      baseUrl,
      secret: 'secret',
      timeoutMs,
      connections: 2,
      maxRequestsPerConnection: 100,
      onOutcome: (call, outcome) => outcomes.push([call, outcome]),
    },
    (name) => `/${name}`,
  );
}

// Real sockets on a busy machine: the first call through a new pool can take seconds.
jest.setTimeout(30_000);

describe('HttpRpcClient outcomes', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('tells answers (ok below 500, error from 500 or unreadable) from no answer at all', async () => {
    const outcomes: Array<[string, RpcOutcome]> = [];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = clientOf(url, outcomes);
    await client.call('ok', {});
    await client.call('refused', {});
    await client.call('broken', {});
    await expect(client.call('garbled', {})).rejects.toMatchObject({ answered: true });
    const impatient = clientOf(url, outcomes, 200);
    await expect(impatient.call('silent', {})).rejects.toMatchObject({ answered: false, timedOut: true });
    await Promise.all([client.close(), impatient.close()]);
    expect(outcomes).toEqual([
      ['ok', 'ok'],
      ['refused', 'ok'],
      ['broken', 'error'],
      ['garbled', 'error'],
      ['silent', 'unreachable'],
    ]);
  });

  it('counts a refused connection as unreachable', async () => {
    const closed = await startServer();
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const outcomes: Array<[string, RpcOutcome]> = [];
    const client = clientOf(`http://127.0.0.1:${port}`, outcomes);
    await expect(client.call('ok', {})).rejects.toMatchObject({ answered: false });
    await client.close();
    expect(outcomes).toEqual([['ok', 'unreachable']]);
  });
});
