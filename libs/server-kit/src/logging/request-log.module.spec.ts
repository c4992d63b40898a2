import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Writable } from 'node:stream';
import { Logger } from 'nestjs-pino';
import { storage } from 'nestjs-pino/storage';
import request from 'supertest';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { createLoggerModule } from './logger.module';

@Controller('api')
class ProbeController {
  /** Whether nestjs-pino bound this request's logger in its AsyncLocalStorage. */
  @Get('bound')
  bound(): { bound: boolean } {
    return { bound: storage.getStore() !== undefined };
  }

  @Get('boom')
  boom(): never {
    throw new Error('the probe broke');
  }
}

describe('the request log', () => {
  let app: INestApplication;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    @Module({
      imports: [createLoggerModule('probe', 'info', { destination, unloggedPaths: ['api/quiet'] })],
      controllers: [ProbeController],
    })
    class ProbeModule {}
    app = await NestFactory.create(ProbeModule, { bufferLogs: true });
    app.useLogger(app.get(Logger));
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
    // What listen() does in the apps: buffered lines go to the logger, and every later one.
    app.flushLogs();
  });

  afterAll(() => app.close());

  const requestLines = (url: string) =>
    lines.filter((line) => (line.req as { url?: string } | undefined)?.url === url);

  it('writes one line per request with its id, without binding the request in an AsyncLocalStorage', async () => {
    const reply = await request(app.getHttpServer()).get('/api/bound').expect(200);
    expect(reply.body).toEqual({ bound: false });
    const id = reply.headers['x-request-id'];
    expect(id).toEqual(expect.any(String));
    expect(requestLines('/api/bound')).toEqual([
      expect.objectContaining({ service: 'probe', requestId: id, msg: 'request completed' }),
    ]);
  });

  it('logs a 5xx with the request id its answer carries', async () => {
    const reply = await request(app.getHttpServer()).get('/api/boom').expect(500);
    const requestId = (reply.body as { requestId?: string }).requestId;
    expect(requestId).toEqual(reply.headers['x-request-id']);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        requestId,
        context: 'Exceptions',
        msg: expect.stringContaining('the probe broke'),
      }),
    );
  });

  it('skips probes, scrapes and the paths it is told to', async () => {
    await request(app.getHttpServer()).get('/health').expect(404);
    await request(app.getHttpServer()).get('/api/quiet').expect(404);
    expect(requestLines('/health')).toEqual([]);
    expect(requestLines('/api/quiet')).toEqual([]);
  });
});
