import { type StreamEntry } from '@council/contracts';
import { Registry } from 'prom-client';
import { type RedisClient } from '../redis/redis-client.util';
import { QuestionStreamWriter } from '../streams/question-stream';
import { QUESTIONS_FINISHED_METRIC, questionOutcomeOf, questionsFinishedCounter } from './question-metrics';

const completed: StreamEntry = { type: 'question:completed', totalTokensUsed: 10 };
const failed: StreamEntry = { type: 'question:failed', error: 'x', reason: 'error' };
const cancelled: StreamEntry = { type: 'question:failed', error: 'x', reason: 'cancelled' };
const delta: StreamEntry = { type: 'answer:delta', memberOrder: 0, round: 0, kind: 'text', text: 'hi' };

/** The commands the writer sends; `finalWritten` is what the conditional script answers. */
function fakeRedis(finalWritten = 1): RedisClient {
  let id = 0;
  return {
    xadd: async () => `${++id}-0`,
    expire: async () => 1,
    eval: async () => finalWritten,
  } as unknown as RedisClient;
}

async function counts(registry: Registry): Promise<Record<string, number>> {
  const metric = await registry.getSingleMetric(QUESTIONS_FINISHED_METRIC)!.get();
  return Object.fromEntries(metric.values.map((value) => [String(value.labels.outcome), value.value]));
}

describe('questions finished by outcome', () => {
  it('reads the outcome from the final entry, cancelled apart from failed', () => {
    expect(questionOutcomeOf(completed)).toBe('completed');
    expect(questionOutcomeOf(failed)).toBe('failed');
    expect(questionOutcomeOf(cancelled)).toBe('cancelled');
    expect(questionOutcomeOf(delta)).toBeNull();
  });

  it('is counted once per final entry the stream writer writes, and never for other entries', async () => {
    const registry = new Registry();
    const writer = new QuestionStreamWriter(fakeRedis(), 'p', {
      finished: questionsFinishedCounter(registry),
    });
    await writer.append(1, [delta, delta]);
    await writer.append(1, [delta, completed]);
    await writer.append(2, [failed]);
    await writer.append(3, [cancelled]);
    await writer.appendFinalIfMissing(4, completed);
    expect(await counts(registry)).toEqual({ completed: 2, failed: 1, cancelled: 1 });
  });

  it('is not counted when the conditional final entry was already there', async () => {
    const registry = new Registry();
    const writer = new QuestionStreamWriter(fakeRedis(0), 'p', {
      finished: questionsFinishedCounter(registry),
    });
    expect(await writer.appendFinalIfMissing(4, completed)).toBe(false);
    expect(await counts(registry)).toEqual({});
  });

  it('is one counter per registry, however many writers share it', () => {
    const registry = new Registry();
    expect(questionsFinishedCounter(registry)).toBe(questionsFinishedCounter(registry));
  });
});
