// A TCP proxy that hands each new connection to the next upstream in turn: what a Kubernetes
// ClusterIP Service does (kube-proxy picks a backend per connection, not per request).
import { connect, createServer } from 'node:net';

/** Resolves { url, connections: per-upstream counts, close() }. */
export async function startRoundRobinProxy(upstreamPorts) {
  const connections = upstreamPorts.map(() => 0);
  const sockets = new Set();
  let next = 0;
  const track = (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((downstream) => {
    const index = next;
    next = (next + 1) % upstreamPorts.length;
    connections[index] += 1;
    const upstream = connect(upstreamPorts[index], '127.0.0.1');
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
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
