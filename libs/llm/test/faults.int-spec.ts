import {
  type FakeProviderBehaviour,
  type FakeProviderServer,
  startFakeProviderServer,
} from '@council/testing';
import {
  AnthropicProvider,
  type LlmProvider,
  type LlmProviderName,
  OpenAiProvider,
  StreamStalledError,
  classifyProviderError,
  streamWithIdleTimeout,
} from '../src';
import { ask, run } from './llm.int-helpers';

describe.each([
  ['openai', 'gpt-4o-2024-11-20'],
  ['anthropic', 'claude-sonnet-4-20250514'],
] as const)('%s faults, classified for the worker (real SDK)', (api, model) => {
  let fake: FakeProviderServer;
  let provider: LlmProvider;
  const name: LlmProviderName = api;

  beforeAll(async () => {
    fake = await startFakeProviderServer();
    provider =
      api === 'openai'
        ? new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.openaiBaseUrl })
        : new AnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: fake.anthropicBaseUrl });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.clearScripts();
    fake.clearRequests();
    fake.configure({ tokensPerSecond: 0, firstTokenDelayMs: 0 });
  });

  async function failWith(behaviour: FakeProviderBehaviour) {
    fake.script(behaviour, { api });
    const result = await ask(provider, { model });
    expect(result.error).not.toBeNull();
    expect(result.deltas.some((delta) => delta.type === 'done')).toBe(false);
    return { ...result, classification: classifyProviderError(result.error, name) };
  }

  it('429 with Retry-After: 7 → retryable after 7000 ms', async () => {
    const { classification } = await failWith({ kind: 'rate-limit', retryAfterSeconds: 7 });
    expect(classification).toMatchObject({ retryable: true, retryAfterMs: 7000, reason: 'rate_limited' });
  });

  it('500 → retryable', async () => {
    const { classification } = await failWith({ kind: 'server-error' });
    expect(classification).toMatchObject({ retryable: true, reason: 'server_error' });
  });

  it('529 overloaded → retryable', async () => {
    const { classification } = await failWith({ kind: 'overloaded' });
    expect(classification).toMatchObject({ retryable: true, reason: 'overloaded' });
  });

  it('an error event after status 200 → retryable, with the text that came before it', async () => {
    const { classification, text } = await failWith({ kind: 'error-event', afterTokens: 3 });
    expect(text.length).toBeGreaterThan(0);
    expect(classification).toMatchObject({ retryable: true });
    expect(['stream_error', 'overloaded']).toContain(classification.reason);
  });

  it('a dropped connection mid-stream → retryable', async () => {
    const { classification, text } = await failWith({ kind: 'drop', afterTokens: 3 });
    expect(text.length).toBeGreaterThan(0);
    expect(classification).toMatchObject({ retryable: true });
    expect(['network', 'incomplete']).toContain(classification.reason);
  });

  it('a refused connection → retryable network error', async () => {
    const closed = await startFakeProviderServer();
    await closed.stop();
    const unreachable =
      api === 'openai'
        ? new OpenAiProvider({ apiKey: 'sk-test', baseUrl: closed.openaiBaseUrl })
        : new AnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: closed.anthropicBaseUrl });
    const result = await ask(unreachable, { model });
    expect(classifyProviderError(result.error, name)).toMatchObject({ retryable: true, reason: 'network' });
  });

  it('401 → not retryable, with a clear message', async () => {
    const { classification } = await failWith({ kind: 'unauthorized' });
    const label = api === 'openai' ? 'OpenAI' : 'Anthropic';
    expect(classification).toMatchObject({ retryable: false, reason: 'unauthorized' });
    expect(classification.userMessage).toMatch(new RegExp(`^The ${label} API key was rejected`));
  });

  it('400 and spend-limit errors → not retryable', async () => {
    expect((await failWith({ kind: 'status', status: 400 })).classification).toMatchObject({
      retryable: false,
      reason: 'bad_request',
    });
    expect(
      (await failWith({ kind: 'rate-limit', quota: true, retryAfterSeconds: 1 })).classification,
    ).toMatchObject({
      retryable: false,
      reason: 'quota_exceeded',
    });
  });

  it('a stall → StreamStalledError after the idle timeout, and the request is aborted', async () => {
    fake.script({ kind: 'stall', afterTokens: 2 }, { api });
    const started = Date.now();
    const result = await run(
      streamWithIdleTimeout(
        provider,
        { model, messages: [{ role: 'user', content: 'Hello?' }], maxTokens: 256, reasoning: false },
        new AbortController().signal,
        { idleMs: 300 },
      ),
    );
    const elapsed = Date.now() - started;
    expect(result.error).toBeInstanceOf(StreamStalledError);
    expect(result.text.length).toBeGreaterThan(0);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
    expect(classifyProviderError(result.error, name)).toMatchObject({ retryable: true, reason: 'stalled' });
    await waitFor(() => fake.requests[0].clientClosed);
  });

  it('the idle timeout also covers a slow first token', async () => {
    fake.configure({ firstTokenDelayMs: 1_000 });
    const result = await run(
      streamWithIdleTimeout(
        provider,
        { model, messages: [{ role: 'user', content: 'Hello?' }], maxTokens: 256, reasoning: false },
        new AbortController().signal,
        { idleMs: 50, firstDeltaMs: 200 },
      ),
    );
    expect(result.error).toBeInstanceOf(StreamStalledError);
    expect(result.deltas).toEqual([]);
  });

  it('an abort through the signal stops the stream promptly and closes the request', async () => {
    fake.configure({ tokensPerSecond: 10 });
    const controller = new AbortController();
    const stream = provider.stream(
      {
        model,
        messages: [{ role: 'user', content: 'Tell me a long story.' }],
        maxTokens: 256,
        reasoning: false,
      },
      controller.signal,
    );
    let abortedAt = 0;
    const result = await run(
      (async function* () {
        for await (const delta of stream) {
          yield delta;
          if (!abortedAt) {
            abortedAt = Date.now();
            controller.abort();
          }
        }
      })(),
    );
    expect(Date.now() - abortedAt).toBeLessThan(250);
    expect(result.error).toMatchObject({ name: 'AbortError' });
    expect(result.deltas).toHaveLength(1);
    expect(classifyProviderError(result.error, name)).toMatchObject({ retryable: false, reason: 'aborted' });
    await waitFor(() => fake.requests[0].clientClosed);
  });

  it('answers normally once the scripted faults are used up', async () => {
    fake.script({ kind: 'server-error' }, { api });
    expect((await ask(provider, { model })).error).not.toBeNull();
    const result = await ask(provider, { model });
    expect(result.error).toBeNull();
    expect(result.deltas.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
