import { type TokenUsage } from '@council/contracts';
import {
  IncompleteStreamError,
  type LlmProvider,
  type LlmRequest,
  streamWithIdleTimeout,
} from '@council/llm';
import { type DeltaBatcher } from '../streaming/delta-batcher';
import { QuestionCancelledError } from './provider-job.errors';

/** Where a stream's deltas go: a DeltaBatcher, or anything that reads them the same way. */
export type DeltaSink = Pick<DeltaBatcher, 'push' | 'close' | 'discard'>;

export interface AnswerStreamOptions {
  provider: LlmProvider;
  request: LlmRequest;
  /** Where the deltas go, batched. */
  batcher: DeltaSink;
  /** Calls `onCancel` when the question is cancelled; returns the unwatch (CancelWatch.watch). */
  watchCancel: (onCancel: () => void) => () => void;
  idleMs: number;
  firstDeltaMs: number | undefined;
}

/** How a provider stream ended; the text and reasoning are what arrived, untrimmed. */
export type AnswerStreamOutcome =
  | { kind: 'done'; text: string; reasoning: string; usage: TokenUsage | null }
  | { kind: 'cancelled'; text: string; reasoning: string }
  | { kind: 'failed'; error: unknown };

/**
 * Streams one answer into the batcher until its done delta. A cancelled question keeps what was
 * written (the batcher is closed); a failed attempt drops what was not (it is discarded).
 */
export async function streamAnswer(options: AnswerStreamOptions): Promise<AnswerStreamOutcome> {
  const { batcher } = options;
  let text = '';
  let reasoning = '';
  let usage: TokenUsage | null = null;
  let done = false;
  const controller = new AbortController();
  const unwatch = options.watchCancel(() => {
    if (!controller.signal.aborted) controller.abort(new QuestionCancelledError());
  });
  try {
    const deltas = streamWithIdleTimeout(options.provider, options.request, controller.signal, {
      idleMs: options.idleMs,
      firstDeltaMs: options.firstDeltaMs,
    });
    for await (const delta of deltas) {
      if (delta.type === 'text') {
        text += delta.text;
        batcher.push('text', delta.text);
      } else if (delta.type === 'reasoning') {
        reasoning += delta.text;
        batcher.push('reasoning', delta.text);
      } else if (delta.type === 'usage') {
        usage = delta.usage;
      } else {
        done = true;
      }
    }
    if (!done) throw new IncompleteStreamError();
  } catch (error) {
    if (controller.signal.reason instanceof QuestionCancelledError) {
      await batcher.close();
      return { kind: 'cancelled', text, reasoning };
    }
    await batcher.discard();
    return { kind: 'failed', error };
  } finally {
    unwatch();
  }
  await batcher.close();
  return { kind: 'done', text, reasoning, usage };
}
