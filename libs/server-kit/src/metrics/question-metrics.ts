import { type StreamEntry } from '@council/contracts';
import { Counter, type Registry } from 'prom-client';
import { registerOnce } from './register-once';

/** How a question ended, as its final stream entry says. */
export type QuestionOutcome = 'completed' | 'failed' | 'cancelled';

export const QUESTIONS_FINISHED_METRIC = 'council_questions_finished_total';

export type QuestionOutcomeCounter = Pick<Counter<'outcome'>, 'inc'>;

/**
 * Questions ended, by outcome: counted by the process that writes the question's final stream
 * entry (QuestionStreamWriter), the one moment every way of ending a question shares.
 */
export function questionsFinishedCounter(registry: Registry): Counter<'outcome'> {
  return registerOnce(
    registry,
    QUESTIONS_FINISHED_METRIC,
    () =>
      new Counter({
        name: QUESTIONS_FINISHED_METRIC,
        help: 'Questions ended, by outcome (completed, failed, cancelled)',
        labelNames: ['outcome'] as const,
        registers: [registry],
      }),
  );
}

/** The outcome a final entry announces; null for any other entry. */
export function questionOutcomeOf(entry: StreamEntry): QuestionOutcome | null {
  if (entry.type === 'question:completed') return 'completed';
  if (entry.type === 'question:failed') return entry.reason === 'cancelled' ? 'cancelled' : 'failed';
  return null;
}
