import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port>: the one address the client is given. */
  url: string;
  /** Connections handed to each upstream, in upstream order. */
  connections: number[];
  close(): Promise<void>;
}

/**
 * A TCP proxy that hands each new connection to the next upstream in turn: what a Kubernetes
 * ClusterIP Service does (kube-proxy picks a backend per connection, not per request).
 */
export async function startRoundRobinProxy(upstreamPorts: number[]): Promise<RoundRobinProxy> {
  const connections = upstreamPorts.map(() => 0);
  const sockets = new Set<Socket>();
  let next = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((downstream) => {
    const index = next;
    next = (next + 1) % upstreamPorts.length;
    connections[index] += 1;
    const upstream = connect(upstreamPorts[index], '127.0.0.1');
    track(downstream);
    track(upstream);
    downstream.pipe(upstream).pipe(downstream);
    downstream.on('error', () => upstream.destroy());
    upstream.on('error', () => downstream.destroy());
    downstream.on('close', () => upstream.destroy());
    upstream.on('close', () => downstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
