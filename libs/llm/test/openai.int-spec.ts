import { type FakeProviderServer, startFakeProviderServer } from '@council/testing';
import { OpenAiProvider, REASONING_INSTRUCTION } from '../src';
import { ask, kinds } from './llm.int-helpers';

describe('OpenAiProvider against a local chat-completions SSE server (real openai SDK)', () => {
  let fake: FakeProviderServer;

  beforeAll(async () => {
    fake = await startFakeProviderServer({
      generateText: () => 'Renting keeps you flexible; buying builds equity over ten years.',
      generateReasoning: () => 'Compare the monthly cost, then the time horizon.',
    });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.clearRequests());

  it('streams the text, then the usage from the last chunk, then done', async () => {
    const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.openaiBaseUrl });
    const result = await ask(provider, { model: 'gpt-4o-2024-11-20', temperature: 0.4 });

    expect(result.error).toBeNull();
    expect(result.text).toBe('Renting keeps you flexible; buying builds equity over ten years.');
    expect(result.deltas.filter((delta) => delta.type === 'text').length).toBeGreaterThan(3);
    expect(kinds(result.deltas)).toEqual(['text', 'usage', 'done']);

    const [request] = fake.requests;
    expect(result.deltas.at(-2)).toEqual({ type: 'usage', usage: request.usage });
    expect(request.usage.completionTokens).toBe(10);
    expect(result.deltas.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });

    expect(request).toMatchObject({
      api: 'openai',
      path: '/v1/chat/completions',
      apiKey: 'sk-test',
      stream: true,
      includeUsage: true,
    });
    expect(request.body).toMatchObject({
      model: 'gpt-4o-2024-11-20',
      max_completion_tokens: 2048,
      temperature: 0.4,
    });
    expect(request.system).toBe('You are a careful assistant.');
    expect(request.messages).toEqual([{ role: 'user', content: 'Should I rent or buy a flat in Lisbon?' }]);
  });

  it('asks for tagged reasoning and streams it as reasoning deltas before the answer', async () => {
    const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.openaiBaseUrl });
    const result = await ask(provider, { model: 'o3-mini-2025-01-31', reasoning: true, temperature: 0.4 });

    expect(result.error).toBeNull();
    expect(fake.requests[0].system).toBe(`You are a careful assistant.\n\n${REASONING_INSTRUCTION}`);
    expect(fake.requests[0].body).not.toHaveProperty('temperature');
    expect(kinds(result.deltas)).toEqual(['reasoning', 'text', 'usage', 'done']);
    expect(result.reasoning).toBe('Compare the monthly cost, then the time horizon.');
    expect(result.text).toBe('Renting keeps you flexible; buying builds equity over ten years.');
  });

  it('receives the text at the server’s time to first token and token rate', async () => {
    fake.configure({ firstTokenDelayMs: 150, tokensPerSecond: 100 });
    try {
      const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.openaiBaseUrl });
      const started = Date.now();
      const arrivals: number[] = [];
      for await (const delta of provider.stream(
        { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }], maxTokens: 100, reasoning: false },
        new AbortController().signal,
      )) {
        if (delta.type === 'text') arrivals.push(Date.now() - started);
      }
      expect(arrivals[0]).toBeGreaterThanOrEqual(140);
      // 10 tokens at 100/s: the last one about 90 ms after the first.
      expect((arrivals.at(-1) ?? 0) - arrivals[0]).toBeGreaterThanOrEqual(70);
      expect(arrivals.length).toBeGreaterThanOrEqual(5);
    } finally {
      fake.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
    }
  });

  it('serves xAI through the same adapter at another base URL', async () => {
    const provider = new OpenAiProvider({
      name: 'xai',
      apiKey: 'xai-test',
      baseUrl: fake.baseUrlFor('/xai/v1'),
    });
    expect(provider.name).toBe('xai');
    const result = await ask(provider, { model: 'grok-3' });

    expect(result.error).toBeNull();
    expect(result.text).toBe('Renting keeps you flexible; buying builds equity over ten years.');
    expect(fake.requests[0]).toMatchObject({
      path: '/xai/v1/chat/completions',
      apiKey: 'xai-test',
      model: 'grok-3',
      includeUsage: true,
    });
    expect(result.deltas.at(-2)).toEqual({ type: 'usage', usage: fake.requests[0].usage });
  });
});
