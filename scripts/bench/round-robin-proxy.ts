// A TCP proxy that hands each new connection to the next upstream in turn: what a Kubernetes
// ClusterIP Service does (kube-proxy picks a backend per connection, not per request).
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** New connections handed to each upstream, in `upstreamPorts` order. */
  connections: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreamPorts: readonly number[]): Promise<RoundRobinProxy> {
  const connections = upstreamPorts.map(() => 0);
  const sockets = new Set<Socket>();
  let next = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((downstream) => {
    const index = next;
    next = (next + 1) % upstreamPorts.length;
    connections[index] = (connections[index] ?? 0) + 1;
    const upstream = connect(upstreamPorts[index] ?? 0, '127.0.0.1');
    track(downstream);
    track(upstream);
    downstream.setNoDelay(true);
    upstream.setNoDelay(true);
    downstream.pipe(upstream).pipe(downstream);
    downstream.on('error', () => upstream.destroy());
    upstream.on('error', () => downstream.destroy());
    downstream.on('close', () => upstream.destroy());
    upstream.on('close', () => downstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
