import { type LlmDelta, type LlmProvider, type LlmRequest } from '../src';

export interface StreamResult {
  deltas: LlmDelta[];
  text: string;
  reasoning: string;
  error: unknown;
}

/** Runs a stream to its end or its error, keeping what arrived. */
export async function run(stream: AsyncIterable<LlmDelta>): Promise<StreamResult> {
  const deltas: LlmDelta[] = [];
  let error: unknown = null;
  try {
    for await (const delta of stream) deltas.push(delta);
  } catch (caught) {
    error = caught;
  }
  return {
    deltas,
    text: deltas.map((delta) => (delta.type === 'text' ? delta.text : '')).join(''),
    reasoning: deltas.map((delta) => (delta.type === 'reasoning' ? delta.text : '')).join(''),
    error,
  };
}

export function ask(
  provider: LlmProvider,
  request: Partial<LlmRequest> = {},
  signal: AbortSignal = new AbortController().signal,
): Promise<StreamResult> {
  return run(
    provider.stream(
      {
        model: 'test-model',
        system: 'You are a careful assistant.',
        messages: [{ role: 'user', content: 'Should I rent or buy a flat in Lisbon?' }],
        maxTokens: 2048,
        reasoning: false,
        ...request,
      },
      signal,
    ),
  );
}

/** The order of delta kinds, with repeats collapsed: e.g. ['reasoning', 'text', 'usage', 'done']. */
export function kinds(deltas: readonly LlmDelta[]): string[] {
  return deltas.map((delta) => delta.type).filter((type, index, all) => all[index - 1] !== type);
}
