import { type Job } from 'bullmq';
import { Registry } from 'prom-client';
import { FIRST_TOKEN_METRIC, firstTokenClock, firstTokenHistogram } from './provider-metrics';

function job(overrides: Partial<Job> = {}): Job {
  return {
    name: 'member-answer',
    timestamp: Date.now() - 1_500,
    processedOn: Date.now() - 1_000,
    attemptsStarted: 1,
    opts: {},
    ...overrides,
  } as Job;
}

/** The histogram's samples named `${FIRST_TOKEN_METRIC}_<suffix>` (prom-client adds metricName to each). */
async function samples(registry: Registry, suffix: 'count' | 'sum') {
  const metric = await registry.getSingleMetric(FIRST_TOKEN_METRIC)!.get();
  return (metric.values as Array<(typeof metric.values)[number] & { metricName?: string }>).filter(
    (value) => value.metricName === `${FIRST_TOKEN_METRIC}_${suffix}`,
  );
}

describe('first-token latency', () => {
  it('is observed once per job, from its add, under its provider and job name', async () => {
    const registry = new Registry();
    const clock = firstTokenClock(firstTokenHistogram(registry), job(), 'openai');
    clock?.();
    clock?.();
    expect(await samples(registry, 'count')).toEqual([
      expect.objectContaining({ labels: { provider: 'openai', name: 'member-answer' }, value: 1 }),
    ]);
    const sum = (await samples(registry, 'sum'))[0]?.value ?? 0;
    expect(sum).toBeGreaterThanOrEqual(1.5);
    expect(sum).toBeLessThan(5);
  });

  it('is not observed for a retry or a delayed job, whose add says nothing of the wait', () => {
    const histogram = { observe: jest.fn() };
    expect(firstTokenClock(histogram, job({ attemptsStarted: 2 }), 'openai')).toBeUndefined();
    expect(firstTokenClock(histogram, job({ opts: { delay: 500 } }), 'openai')).toBeUndefined();
    expect(firstTokenClock(undefined, job(), 'openai')).toBeUndefined();
    expect(histogram.observe).not.toHaveBeenCalled();
  });
});
