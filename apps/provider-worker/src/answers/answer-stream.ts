import { type TokenUsage } from '@council/contracts';
import {
  IncompleteStreamError,
  type LlmFinishReason,
  type LlmProvider,
  type LlmRequest,
  streamWithIdleTimeout,
} from '@council/llm';
import { type DeltaBatcher } from '../streaming/delta-batcher';
import { QuestionCancelledError, TokenCapReachedError } from './provider-job.errors';

/** Where a stream's deltas go: a DeltaBatcher, or anything that reads them the same way. */
export type DeltaSink = Pick<DeltaBatcher, 'push' | 'close' | 'discard'>;

export interface AnswerStreamOptions {
  provider: LlmProvider;
  request: LlmRequest;
  /** Where the deltas go, batched. */
  batcher: DeltaSink;
  /** Calls `onCancel` when the question is cancelled; returns the unwatch (CancelWatch.watch). */
  watchCancel: (onCancel: () => void) => () => void;
  /**
   * A capped question (CallBudget.admit): the part of each delta's text the budget pays for. A
   * shorter answer ends the stream there, as `limited`.
   */
  admit?: (text: string) => Promise<string>;
  idleMs: number;
  firstDeltaMs: number | undefined;
}

/** How a provider stream ended; the text and reasoning are what arrived, untrimmed. */
export type AnswerStreamOutcome =
  | { kind: 'done'; text: string; reasoning: string; usage: TokenUsage | null; finishReason: LlmFinishReason }
  | { kind: 'cancelled'; text: string; reasoning: string }
  /** The question's token cap ran out: what arrived is kept, like a cancel. */
  | { kind: 'limited'; text: string; reasoning: string }
  | { kind: 'failed'; error: unknown };

/**
 * Streams one answer into the batcher until its done delta. A cancelled question, or one out of
 * budget, keeps what was written (the batcher is closed); a failed attempt drops what was not (it
 * is discarded).
 */
export async function streamAnswer(options: AnswerStreamOptions): Promise<AnswerStreamOutcome> {
  const { batcher } = options;
  let text = '';
  let reasoning = '';
  let usage: TokenUsage | null = null;
  let finishReason: LlmFinishReason | null = null;
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
      if (delta.type === 'text' || delta.type === 'reasoning') {
        const admitted = options.admit ? await options.admit(delta.text) : delta.text;
        if (delta.type === 'text') text += admitted;
        else reasoning += admitted;
        if (admitted) batcher.push(delta.type, admitted);
        if (admitted.length < delta.text.length) {
          controller.abort(new TokenCapReachedError());
          throw new TokenCapReachedError();
        }
      } else if (delta.type === 'usage') {
        usage = delta.usage;
      } else {
        finishReason = delta.finishReason;
      }
    }
    if (finishReason === null) throw new IncompleteStreamError();
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    if (reason instanceof QuestionCancelledError || reason instanceof TokenCapReachedError) {
      await batcher.close();
      return { kind: reason instanceof QuestionCancelledError ? 'cancelled' : 'limited', text, reasoning };
    }
    await batcher.discard();
    return { kind: 'failed', error };
  } finally {
    unwatch();
  }
  await batcher.close();
  return { kind: 'done', text, reasoning, usage, finishReason };
}
