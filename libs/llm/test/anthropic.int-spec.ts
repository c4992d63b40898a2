import { type FakeProviderServer, startFakeProviderServer } from '@council/testing';
import { AnthropicProvider, REASONING_INSTRUCTION } from '../src';
import { ask, kinds } from './llm.int-helpers';

describe('AnthropicProvider against a local messages SSE server (real @anthropic-ai/sdk)', () => {
  let fake: FakeProviderServer;
  let provider: AnthropicProvider;

  beforeAll(async () => {
    fake = await startFakeProviderServer({
      generateText: () => 'Buy only if you will stay at least seven years.',
      generateReasoning: () => 'Prices, rents and the time horizon decide it.',
    });
    provider = new AnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: fake.anthropicBaseUrl });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.clearRequests());

  it('streams the text, with input tokens from message_start and output tokens from message_delta', async () => {
    const result = await ask(provider, { model: 'claude-sonnet-4-20250514' });

    expect(result.error).toBeNull();
    expect(result.text).toBe('Buy only if you will stay at least seven years.');
    expect(kinds(result.deltas)).toEqual(['text', 'usage', 'done']);
    const [request] = fake.requests;
    expect(request.usage).toEqual({
      promptTokens: expect.any(Number),
      completionTokens: 10,
      totalTokens: expect.any(Number),
    });
    expect(result.deltas.at(-2)).toEqual({ type: 'usage', usage: request.usage });
    expect(result.deltas.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });

    expect(request).toMatchObject({
      api: 'anthropic',
      path: '/v1/messages',
      apiKey: 'sk-ant-test',
      stream: true,
      thinking: false,
    });
    expect(request.headers['anthropic-version']).toEqual(expect.any(String));
    expect(request.body).toMatchObject({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 2048,
      system: 'You are a careful assistant.',
    });
    expect(request.body).not.toHaveProperty('thinking');
  });

  it('turns extended thinking into reasoning deltas', async () => {
    const result = await ask(provider, { model: 'claude-sonnet-4-20250514', reasoning: true });

    expect(result.error).toBeNull();
    expect(fake.requests[0].body).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      max_tokens: 2048,
    });
    expect(fake.requests[0].system).toBe('You are a careful assistant.');
    expect(kinds(result.deltas)).toEqual(['reasoning', 'text', 'usage', 'done']);
    expect(result.reasoning).toBe('Prices, rents and the time horizon decide it.');
    expect(result.text).toBe('Buy only if you will stay at least seven years.');
    // Thinking tokens are output tokens too.
    expect(result.deltas.at(-2)).toMatchObject({ usage: { completionTokens: 8 + 10 } });
  });

  it('asks a model without extended thinking for tagged reasoning instead', async () => {
    const result = await ask(provider, { model: 'claude-3-5-haiku-20241022', reasoning: true });

    expect(result.error).toBeNull();
    expect(fake.requests[0].body).not.toHaveProperty('thinking');
    expect(fake.requests[0].system).toBe(`You are a careful assistant.\n\n${REASONING_INSTRUCTION}`);
    expect(kinds(result.deltas)).toEqual(['reasoning', 'text', 'usage', 'done']);
    expect(result.reasoning).toBe('Prices, rents and the time horizon decide it.');
    expect(result.text).toBe('Buy only if you will stay at least seven years.');
  });
});
