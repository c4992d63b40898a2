import { type QuestionStatus } from '../domain/domain.constants';
import { type QuestionEndReason, type StreamEntry } from './streams.entries';

/**
 * The question's status as its stream tells it once an entry of `type` is in: final after its final
 * entry (Stop's question:failed is "cancelled", not a failure: DECISIONS 18), running after any other
 * (an answer retried after the end streams again). The gateway's tailer and the browser's stream
 * state read it the same way.
 */
export function statusAfterEntry(type: StreamEntry['type'], reason?: QuestionEndReason): QuestionStatus {
  if (type === 'question:completed') return 'completed';
  if (type === 'question:failed') return reason === 'cancelled' ? 'cancelled' : 'failed';
  return 'running';
}
