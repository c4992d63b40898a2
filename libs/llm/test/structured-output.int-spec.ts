import { readAgreementReply } from '@council/contracts';
import { type FakeProviderServer, startFakeProviderServer } from '@council/testing';
import { AGREEMENT_MAP_OUTPUT, AnthropicProvider, OpenAiProvider, buildAgreementMapRequest } from '../src';
import { kinds, run } from './llm.int-helpers';

const REPLY = {
  claims: [
    {
      claim: 'Start with one application.',
      stances: [
        { member: 1, stance: 'supports', reason: '', changedInRound: null },
        { member: 2, stance: 'opposes', reason: 'Two services pay for themselves.', changedInRound: 1 },
      ],
    },
  ],
};

const request = buildAgreementMapRequest('leader-model', {
  question: 'Monolith or microservices?',
  members: [
    { memberOrder: 0, label: 'ChatGPT (GPT-4o)', answer: 'One application.', positionChanges: [] },
    { memberOrder: 1, label: 'Grok (Grok 3)', answer: 'Two services.', positionChanges: [1] },
  ],
});

describe('structured output through the official SDKs', () => {
  let fake: FakeProviderServer;

  beforeAll(async () => {
    fake = await startFakeProviderServer({
      generateText: (received) => (received.structured ? JSON.stringify(REPLY) : 'prose'),
    });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.clearRequests());

  it('OpenAI format: asks for strict json_schema output and streams the JSON as text', async () => {
    const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.openaiBaseUrl });
    const result = await run(provider.stream(request, new AbortController().signal));

    expect(result.error).toBeNull();
    expect(JSON.parse(result.text)).toEqual(REPLY);
    expect(result.deltas.filter((delta) => delta.type === 'text').length).toBeGreaterThan(3);
    expect(kinds(result.deltas)).toEqual(['text', 'usage', 'done']);
    const [sent] = fake.requests;
    expect(sent.structured).toBe(AGREEMENT_MAP_OUTPUT.name);
    expect(sent.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: AGREEMENT_MAP_OUTPUT.name,
        description: AGREEMENT_MAP_OUTPUT.description,
        schema: AGREEMENT_MAP_OUTPUT.schema,
        strict: true,
      },
    });
    expect(sent.system).not.toContain('<reasoning>');
    expect(sent.messages[0].content).toContain(
      '<member number="2" name="Grok (Grok 3)" changed_position_in_rounds="1">',
    );
  });

  it('Anthropic: forces the map tool, streams its input JSON as text and ends as a complete reply', async () => {
    const provider = new AnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: fake.anthropicBaseUrl });
    const result = await run(
      provider.stream(
        { ...request, model: 'claude-sonnet-4-20250514', reasoning: true },
        new AbortController().signal,
      ),
    );

    expect(result.error).toBeNull();
    expect(JSON.parse(result.text)).toEqual(REPLY);
    expect(kinds(result.deltas)).toEqual(['text', 'usage', 'done']);
    expect(result.deltas.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
    const [sent] = fake.requests;
    expect(sent.structured).toBe(AGREEMENT_MAP_OUTPUT.name);
    expect(sent.thinking).toBe(false);
    expect(sent.body.tool_choice).toEqual({ type: 'tool', name: AGREEMENT_MAP_OUTPUT.name });
    expect(sent.body.tools).toEqual([
      {
        name: AGREEMENT_MAP_OUTPUT.name,
        description: AGREEMENT_MAP_OUTPUT.description,
        input_schema: AGREEMENT_MAP_OUTPUT.schema,
      },
    ]);
  });

  it('the reply reads back as claims of the members by their council order', () => {
    const reply = readAgreementReply(JSON.stringify(REPLY), {
      memberOrders: [0, 1],
      positionChanges: { 1: [1] },
    });
    expect(reply).toEqual({
      ok: true,
      claims: [
        {
          claim: 'Start with one application.',
          stances: [
            { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
            {
              memberOrder: 1,
              stance: 'opposes',
              reason: 'Two services pay for themselves.',
              changedInRound: 1,
            },
          ],
        },
      ],
    });
  });
});
