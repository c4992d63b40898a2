// Child process of `npm run bench`: the fake OpenAI / Anthropic server (libs/testing) streaming
// stamped benchmark answers. Options come as one JSON argument:
//   { port, ttftMs, tokensPerSecond, tokens }
// Prints one line `{"ready":true,"port":N}` on stdout once listening; SIGTERM stops it.
// Running it apart from the driver keeps the emit times honest when the driver's event loop is busy.
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import type { FakeProviderServerOptions } from '@council/testing';
import { ROOT } from '../lib/exec.mjs';
import { STAMP_MARKER, stampedAnswerText } from './stats.ts';

const require = createRequire(import.meta.url);
const { FakeProviderServer } = require(
  path.join(ROOT, 'libs', 'testing', 'dist', 'index.js'),
) as typeof import('@council/testing');

/** The one JSON argument `npm run bench` passes (startHelper). */
interface FakeProviderArgs {
  port?: number;
  ttftMs?: number;
  tokensPerSecond?: number;
  tokens?: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as FakeProviderArgs;
const text = stampedAnswerText(options.tokens ?? 50);

const serverOptions: FakeProviderServerOptions = {
  port: options.port ?? 0,
  firstTokenDelayMs: options.ttftMs ?? 0,
  tokensPerSecond: options.tokensPerSecond ?? 0,
  generateText: () => text,
  stampMarker: STAMP_MARKER,
  recordRequests: false,
  // Longer than the SDKs' own idle timeout, so a client never reuses a socket the server is closing.
  keepAliveTimeoutMs: 30_000,
};
const server = new FakeProviderServer(serverOptions);
await server.listen();
process.stdout.write(`${JSON.stringify({ ready: true, port: Number(new URL(server.url).port) })}\n`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
