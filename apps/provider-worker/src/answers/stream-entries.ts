// The question-stream entries of one provider job: a member's answer, or the consensus.

import { type DeltaKind, type StreamEntry, type TokenUsage } from '@council/contracts';
import { type ProviderJobTarget } from './provider-job.types';

/** A retry starts over: the reader drops what the failed attempt streamed. */
export function resetEntry(target: ProviderJobTarget, attempt: number): StreamEntry {
  return target.consensus
    ? { type: 'consensus:reset', attempt }
    : { type: 'answer:reset', memberOrder: target.data.memberOrder, round: target.data.round, attempt };
}

export function deltaEntry(target: ProviderJobTarget, kind: DeltaKind, text: string): StreamEntry {
  return target.consensus
    ? { type: 'consensus:delta', kind, text }
    : { type: 'answer:delta', memberOrder: target.data.memberOrder, round: target.data.round, kind, text };
}

export function completedEntry(
  target: ProviderJobTarget,
  responseId: number,
  usage: TokenUsage,
  stoppedAtLimit = false,
): StreamEntry {
  return target.consensus
    ? { type: 'consensus:completed', responseId, stoppedAtLimit, ...usage }
    : {
        type: 'answer:completed',
        memberOrder: target.data.memberOrder,
        round: target.data.round,
        responseId,
        stoppedAtLimit,
        ...usage,
      };
}

export function failedEntry(target: ProviderJobTarget, responseId: number, error: string): StreamEntry {
  return target.consensus
    ? { type: 'consensus:failed', responseId, error }
    : {
        type: 'answer:failed',
        memberOrder: target.data.memberOrder,
        round: target.data.round,
        responseId,
        error,
      };
}
