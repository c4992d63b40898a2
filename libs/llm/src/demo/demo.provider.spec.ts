import { DEMO_EXAMPLE_QUESTIONS } from '@council/contracts';
import { type LlmDelta, type LlmRequest } from '../llm.types';
import { estimatePromptTokens, estimateTokens } from '../usage/token-estimate.util';
import { DemoProvider, chunks, withinLimit } from './demo.provider';

const QUESTION = DEMO_EXAMPLE_QUESTIONS[0];
const TEACHER = 'You are a patient teacher. Explain the answer so that a motivated newcomer can follow it.';

const request = (overrides: Partial<LlmRequest> = {}): LlmRequest => ({
  model: 'gpt-4o-2024-11-20',
  messages: [{ role: 'user', content: QUESTION }],
  maxTokens: 1024,
  reasoning: false,
  ...overrides,
});

const fast = new DemoProvider({ charsPerSecond: 0, firstTokenDelayMs: 0, standsInFor: 'openai' });

async function collect(stream: AsyncIterable<LlmDelta>): Promise<LlmDelta[]> {
  const deltas: LlmDelta[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

const textOf = (deltas: LlmDelta[], type: 'text' | 'reasoning' = 'text') =>
  deltas.map((delta) => (delta.type === type ? delta.text : '')).join('');

describe('DemoProvider', () => {
  it('is labelled demo', () => {
    expect(fast.name).toBe('demo');
    expect(new DemoProvider({ standsInFor: 'xai' }).standsInFor).toBe('xai');
  });

  it('charges a scripted example like an answer and a "no model" card nothing', async () => {
    const example = await collect(fast.stream(request(), new AbortController().signal));
    const exampleUsage = example.find((delta) => delta.type === 'usage');
    expect(fast.charges(request())).toBe(true);
    expect(exampleUsage?.type === 'usage' && exampleUsage.usage.totalTokens).toBeGreaterThan(0);

    const own = request({ messages: [{ role: 'user', content: 'How do I bake sourdough?' }] });
    const card = await collect(fast.stream(own, new AbortController().signal));
    expect(textOf(card)).toMatch(/No model is configured for this member/);
    expect(fast.charges(own)).toBe(false);
    expect(card.find((delta) => delta.type === 'usage')).toMatchObject({
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    });
  });

  it('is deterministic for the same question, model and role', async () => {
    const first = await collect(fast.stream(request({ system: TEACHER }), new AbortController().signal));
    const second = await collect(fast.stream(request({ system: TEACHER }), new AbortController().signal));
    expect(second).toEqual(first);
    // Pacing changes the chunking, never the text.
    const paced = new DemoProvider({ charsPerSecond: 50_000, firstTokenDelayMs: 1, standsInFor: 'openai' });
    expect(
      textOf(await collect(paced.stream(request({ system: TEACHER }), new AbortController().signal))),
    ).toBe(textOf(first));
  });

  it('streams reasoning deltas before the answer when reasoning is on', async () => {
    const deltas = await collect(fast.stream(request({ reasoning: true }), new AbortController().signal));
    const kinds = deltas.map((delta) => delta.type).filter((type, index, all) => all[index - 1] !== type);
    expect(kinds).toEqual(['reasoning', 'text', 'usage', 'done']);
    expect(textOf(deltas, 'reasoning')).toMatch(/write-off/);
  });

  it('reports honest estimated usage (chars / 4) and a stop', async () => {
    const req = request({ system: TEACHER, reasoning: true });
    const deltas = await collect(fast.stream(req, new AbortController().signal));
    const written = textOf(deltas, 'reasoning') + textOf(deltas);
    const prompt = estimatePromptTokens(req);
    expect(prompt).toBe(Math.ceil(`${TEACHER}\n${QUESTION}`.length / 4));
    expect(deltas.at(-2)).toEqual({
      type: 'usage',
      usage: {
        promptTokens: prompt,
        completionTokens: estimateTokens(written),
        totalTokens: prompt + estimateTokens(written),
      },
      estimated: true,
    });
    expect(deltas.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });

  it('streams at the configured pace after the first-token delay', async () => {
    const provider = new DemoProvider({ charsPerSecond: 2_000, firstTokenDelayMs: 100 });
    const started = Date.now();
    let firstAt = 0;
    let chars = 0;
    let pieces = 0;
    for await (const delta of provider.stream(request(), new AbortController().signal)) {
      if (delta.type !== 'text') continue;
      firstAt ||= Date.now();
      chars += delta.text.length;
      pieces += 1;
    }
    const elapsed = Date.now() - started;
    expect(firstAt - started).toBeGreaterThanOrEqual(95);
    expect(pieces).toBeGreaterThan(5);
    expect(elapsed).toBeGreaterThanOrEqual(100 + (chars / 2_000) * 1000 * 0.8);
  });

  it('stops promptly when aborted', async () => {
    const provider = new DemoProvider({ charsPerSecond: 20, firstTokenDelayMs: 0 });
    const controller = new AbortController();
    const received: LlmDelta[] = [];
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(
      (async () => {
        for await (const delta of provider.stream(request(), controller.signal)) received.push(delta);
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(300);
    expect(received.length).toBeGreaterThan(0);
    expect(received.some((delta) => delta.type === 'done')).toBe(false);
  });
});

describe('chunks', () => {
  it('cuts text at word boundaries into pieces of about the given size, losing nothing', () => {
    const text = 'one two three four five six seven\n\n- eight nine';
    const pieces = [...chunks(text, 10)];
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((piece) => piece.length >= 10 || piece === pieces.at(-1))).toBe(true);
  });
});

describe('demo answers within the call limit', () => {
  it('stops at the max output tokens, at a word boundary, as a real API does', () => {
    const long = { reasoning: 'think '.repeat(50), text: 'word '.repeat(400) };
    const cut = withinLimit(long, 100);
    expect(cut.cut).toBe(true);
    expect(cut.reasoning.length + cut.text.length).toBeLessThanOrEqual(400);
    expect(cut.text.endsWith('word')).toBe(true);
    expect(withinLimit({ reasoning: '', text: 'short' }, 100)).toEqual({
      reasoning: '',
      text: 'short',
      cut: false,
    });
  });
});
