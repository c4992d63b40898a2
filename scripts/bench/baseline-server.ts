// Child process of `npm run bench`: the direct baseline. One process that streams the fake provider
// with the same SDK adapters as the provider worker (@council/llm: the openai SDK for OpenAI and
// xAI, @anthropic-ai/sdk for Anthropic) and emits every delta straight to a Socket.IO client: no
// queue, no Redis, no database, no batching. Whatever our stack adds on top of this is its cost.
//
// Options (one JSON argument): { fakeUrl }. Prints `{"ready":true,"port":N}` once listening.
// Client events: `ask { questionId }` streams three members at once (openai, anthropic, xai) as
// `answer:delta { questionId, memberOrder, text }` then `answer:completed { questionId, memberOrder }`;
// `stats` (with an ack) answers { rss, lagP50Ms, lagP99Ms, lagMaxMs } since the previous call.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import type { LlmConfig, LlmRequest } from '@council/llm';
import { type Socket, Server } from 'socket.io';
import { ROOT } from '../lib/exec.mjs';

const require = createRequire(import.meta.url);
const { createProvider } = require(
  path.join(ROOT, 'libs', 'llm', 'dist', 'index.js'),
) as typeof import('@council/llm');

const { fakeUrl } = JSON.parse(process.argv[2] ?? '{}') as { fakeUrl: string };
const config: LlmConfig = {
  openai: { apiKey: 'sk-bench', baseUrl: `${fakeUrl}/v1`, timeoutMs: 30_000 },
  anthropic: { apiKey: 'sk-ant-bench', baseUrl: fakeUrl, timeoutMs: 30_000 },
  xai: { apiKey: 'xai-bench', baseUrl: `${fakeUrl}/xai/v1`, timeoutMs: 30_000 },
};
const MEMBERS = [
  { provider: 'openai', model: 'gpt-bench' },
  { provider: 'anthropic', model: 'claude-bench' },
  { provider: 'xai', model: 'grok-bench' },
] as const;
const providers = MEMBERS.map((member) => createProvider(member.provider, config));

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();

const http = createServer();
const io = new Server(http, { serveClient: false });

async function streamMember(socket: Socket, questionId: number, memberOrder: number): Promise<void> {
  const member = MEMBERS[memberOrder];
  const provider = providers[memberOrder];
  if (!member || !provider) return;
  const request: LlmRequest = {
    model: member.model,
    system: 'You are a council member.',
    messages: [{ role: 'user', content: `Benchmark question ${questionId}` }],
    maxTokens: 1024,
    reasoning: false,
    task: 'answer',
  };
  const controller = new AbortController();
  const abort = () => controller.abort();
  socket.once('disconnect', abort);
  try {
    for await (const delta of provider.stream(request, controller.signal)) {
      if (delta.type === 'text' || delta.type === 'reasoning') {
        socket.emit('answer:delta', { questionId, memberOrder, kind: delta.type, text: delta.text });
      }
    }
    socket.emit('answer:completed', { questionId, memberOrder });
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    socket.emit('answer:failed', { questionId, memberOrder, error });
  } finally {
    socket.off('disconnect', abort);
  }
}

io.on('connection', (socket) => {
  socket.on('ask', ({ questionId }: { questionId: number }) => {
    for (let order = 0; order < MEMBERS.length; order += 1) void streamMember(socket, questionId, order);
  });
  socket.on('stats', (_payload: unknown, ack: unknown) => {
    const stats = {
      rss: process.memoryUsage().rss,
      lagP50Ms: lag.percentile(50) / 1e6,
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
    };
    lag.reset();
    if (typeof ack === 'function') ack(stats);
  });
});

http.listen(0, '127.0.0.1', () => {
  const { port } = http.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);
});

const stop = () => {
  // Exiting at once is the point: the connections need no goodbye.
  void io.close();
  http.closeAllConnections();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
