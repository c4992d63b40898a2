import { createServer, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { redactUrl, requestLogOptions } from './logger.module';

describe('redactUrl', () => {
  it('hides reset tokens and OAuth codes but keeps the rest of the address', () => {
    expect(redactUrl('/auth?token=abc123&form=x')).toBe('/auth?token=[redacted]&form=x');
    expect(redactUrl('/api/auth/google/callback?state=s1&code=c2')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/api/agents')).toBe('/api/agents');
  });
});

describe('the request log', () => {
  it('writes an OAuth callback without its code and state, and no cookie', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pinoHttp(requestLogOptions('test', 'info'), sink);
    const server = createServer((req, res) => {
      log(req, res);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        request(
          {
            port,
            host: '127.0.0.1',
            path: '/api/auth/google/callback?code=c-secret&state=s-secret',
            headers: { cookie: 'sid=k' },
          },
          (res) => res.resume().on('end', resolve),
        )
          .on('error', reject)
          .end();
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const written = lines.join('');
    expect(written).toContain('/api/auth/google/callback?code=[redacted]&state=[redacted]');
    expect(written).not.toMatch(/c-secret|s-secret|sid=k/);
  });
});
