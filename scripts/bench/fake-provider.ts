// Child process of `npm run bench`: the fake OpenAI / Anthropic server (libs/testing) streaming
// stamped benchmark answers. A debate revision keeps its position (so a debate runs one round) and
// an agreement map is a valid one padded to an answer's length, so the map takes as long as an
// answer (debate-latency.ts). Options come as one JSON argument:
//   { port, ttftMs, tokensPerSecond, tokens }
// Prints one line `{"ready":true,"port":N}` on stdout once listening; SIGTERM stops it. Started
// with an IPC channel, it takes new pacing between phases (`{ configure: { ttftMs, … } }`, answered
// with `{ configured: true }`).
// Running it apart from the driver keeps the emit times honest when the driver's event loop is busy.
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import type { FakeProviderRequest, FakeProviderServerOptions } from '@council/testing';
import { ROOT } from '../lib/exec.mjs';
import { STAMP_MARKER, stampedAnswerText } from './stats.ts';

const require = createRequire(import.meta.url);
const { FakeProviderServer, defaultStructuredReply, tokenize } = require(
  path.join(ROOT, 'libs', 'testing', 'dist', 'index.js'),
) as typeof import('@council/testing');
const { POSITION_UNCHANGED_LINE } = require(
  path.join(ROOT, 'libs', 'llm', 'dist', 'index.js'),
) as typeof import('@council/llm');

/** The one JSON argument `npm run bench` passes (startHelper). */
interface FakeProviderArgs {
  port?: number;
  ttftMs?: number;
  tokensPerSecond?: number;
  tokens?: number;
}

/** New pacing for the requests that follow (the few-streams phase runs another answer length). */
export type FakePacing = Omit<FakeProviderArgs, 'port'>;

const options = JSON.parse(process.argv[2] ?? '{}') as FakeProviderArgs;

/** The answers of one pacing: `tokens` stamped tokens, and the revision that keeps its position. */
function answersOf(tokens: number) {
  const text = stampedAnswerText(tokens);
  return { tokens, text, revision: `${text}\n\n${POSITION_UNCHANGED_LINE}` };
}

let answers = answersOf(options.tokens ?? 50);

/** The fake's default map (every member supports one claim), padded to `tokens` tokens. */
function mapReply(request: FakeProviderRequest): string {
  const reply = JSON.parse(defaultStructuredReply(request)) as object;
  const short = answers.tokens - tokenize(JSON.stringify(reply)).length - 1;
  return JSON.stringify({
    ...reply,
    padding: Array.from({ length: Math.max(0, short) }, () => 'x').join(' '),
  });
}

/** A revision request asks for the position line; the first answers and the synthesis do not. */
function asksForPosition(request: FakeProviderRequest): boolean {
  return request.messages.some((message) => message.content.includes(POSITION_UNCHANGED_LINE));
}

const serverOptions: FakeProviderServerOptions = {
  port: options.port ?? 0,
  firstTokenDelayMs: options.ttftMs ?? 0,
  tokensPerSecond: options.tokensPerSecond ?? 0,
  generateText: (request) =>
    request.structured ? mapReply(request) : asksForPosition(request) ? answers.revision : answers.text,
  stampMarker: STAMP_MARKER,
  recordRequests: false,
  // Longer than the SDKs' own idle timeout, so a client never reuses a socket the server is closing.
  keepAliveTimeoutMs: 30_000,
};
const server = new FakeProviderServer(serverOptions);
await server.listen();
process.stdout.write(`${JSON.stringify({ ready: true, port: Number(new URL(server.url).port) })}\n`);

process.on('message', (message: { configure?: FakePacing }) => {
  const pacing = message.configure;
  if (!pacing) return;
  if (pacing.tokens !== undefined) answers = answersOf(pacing.tokens);
  server.configure({
    ...(pacing.ttftMs === undefined ? {} : { firstTokenDelayMs: pacing.ttftMs }),
    ...(pacing.tokensPerSecond === undefined ? {} : { tokensPerSecond: pacing.tokensPerSecond }),
  });
  process.send?.({ configured: true });
});

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
