import { type Provider } from '@council/contracts';
import { abortReason } from '../errors/llm.errors';
import { type LlmDelta, type LlmProvider, type LlmRequest } from '../llm.types';
import { estimatePromptTokens, tokensForChars, usageOf } from '../usage/token-estimate.util';
import { type DemoAnswer, writeDemoAnswer } from './demo.writer';

export interface DemoProviderOptions {
  /** Output speed; 0 streams without pauses (tests). Default 240 (≈ 60 tokens/s). */
  charsPerSecond?: number;
  /** Pause before the first delta; default 600 ms. */
  firstTokenDelayMs?: number;
  /** The provider it stands in for (informational; `name` stays `demo`). */
  standsInFor?: Provider;
  /** The environment variable that would configure it, named on the card. */
  keyVariable?: string;
}

/** Deltas are sent at most this often, a few words at a time, like a real stream. */
const TICK_MS = 50;
/** Without pacing, text goes out in pieces of about this many characters. */
const UNPACED_CHUNK_CHARS = 64;

/**
 * The offline adapter for providers without an API key (DECISIONS 15). Deterministic: the same
 * request and provider give the same answer (demo.writer.ts), streamed at a realistic pace. Token
 * counts are honest estimates, not a tokeniser's: prompt ≈ characters of the system prompt and
 * messages / 4, completion ≈ characters written (reasoning included) / 4, reported with
 * `estimated: true`.
 */
export class DemoProvider implements LlmProvider {
  readonly name = 'demo' as const;
  readonly standsInFor: Provider | null;
  private readonly keyVariable: string | undefined;
  private readonly charsPerSecond: number;
  private readonly firstTokenDelayMs: number;

  constructor(options: DemoProviderOptions = {}) {
    this.charsPerSecond = Math.max(0, options.charsPerSecond ?? 240);
    this.firstTokenDelayMs = Math.max(0, options.firstTokenDelayMs ?? 600);
    this.standsInFor = options.standsInFor ?? null;
    this.keyVariable = options.keyVariable;
  }

  private write(request: LlmRequest): DemoAnswer {
    return writeDemoAnswer(request, { provider: this.standsInFor, keyVariable: this.keyVariable });
  }

  /** A scripted example answer is charged like a model's, so the demo shows billing; a card is not. */
  charges(request: LlmRequest): boolean {
    return this.write(request).card !== true;
  }

  async *stream(request: LlmRequest, signal: AbortSignal): AsyncGenerator<LlmDelta> {
    if (signal.aborted) throw abortReason(signal);
    const written = this.write(request);
    const answer = withinLimit(written, request.maxTokens);
    await sleep(this.firstTokenDelayMs, signal);
    const paced = this.charsPerSecond > 0;
    const chunkChars = paced
      ? Math.max(1, Math.round((this.charsPerSecond * TICK_MS) / 1000))
      : UNPACED_CHUNK_CHARS;
    for (const [type, text] of [
      ['reasoning', answer.reasoning],
      ['text', answer.text],
    ] as const) {
      for (const piece of chunks(text, chunkChars)) {
        if (signal.aborted) throw abortReason(signal);
        yield { type, text: piece };
        if (paced) await sleep((piece.length * 1000) / this.charsPerSecond, signal);
      }
    }
    const completionChars = answer.reasoning.length + answer.text.length;
    yield {
      type: 'usage',
      usage: written.card
        ? usageOf(0, 0)
        : usageOf(estimatePromptTokens(request), tokensForChars(completionChars)),
      estimated: true,
    };
    yield { type: 'done', finishReason: answer.cut ? 'length' : 'stop' };
  }
}

/**
 * Like a real API, the answer stops at the call's max output tokens (reasoning counts): cut at the
 * last word boundary that fits CHARS_PER_TOKEN characters per token.
 */
export function withinLimit(
  answer: { reasoning: string; text: string },
  maxTokens: number,
): { reasoning: string; text: string; cut: boolean } {
  const budget = Math.max(0, Math.floor(maxTokens)) * CHARS_PER_TOKEN;
  if (answer.reasoning.length + answer.text.length <= budget) return { ...answer, cut: false };
  const reasoning = cutAtWord(answer.reasoning, budget);
  const text = cutAtWord(answer.text, budget - reasoning.length);
  return { reasoning, text, cut: true };
}

const CHARS_PER_TOKEN = 4;

function cutAtWord(text: string, budget: number): string {
  if (text.length <= budget) return text;
  if (budget <= 0) return '';
  const head = text.slice(0, budget);
  const space = head.search(/\s\S*$/);
  return (space > 0 ? head.slice(0, space) : head).trimEnd();
}

/** Whole words (with their trailing space) adding up to about `size` characters. */
export function* chunks(text: string, size: number): Generator<string> {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  let current = '';
  for (const word of words) {
    current += word;
    if (current.length >= size) {
      yield current;
      current = '';
    }
  }
  if (current) yield current;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
