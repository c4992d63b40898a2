// Where a traced stack's spans go during a benchmark: an OTLP/HTTP endpoint that reads each export
// and answers 200 at once, counting what it received (so a run shows spans really left the apps).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpSink {
  url: string;
  received(): { exports: number; bytes: number };
  stop(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  let exports = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => ({ exports, bytes }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
