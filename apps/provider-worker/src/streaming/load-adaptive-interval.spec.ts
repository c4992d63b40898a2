import { type EventLoopUtilization } from 'node:perf_hooks';
import { DEFAULT_BATCH_LOAD, LoadAdaptiveInterval, intervalForUtilization } from './load-adaptive-interval';

describe('intervalForUtilization', () => {
  it('keeps the quiet floor while quiet and batches up to the maximum as the loop fills', () => {
    const policy = {
      ...DEFAULT_BATCH_LOAD,
      quietUtilization: 0.3,
      fullUtilization: 0.7,
      quietIntervalMs: 20,
      maxIntervalMs: 80,
    };
    expect(intervalForUtilization(0, policy)).toBe(20);
    expect(intervalForUtilization(0.3, policy)).toBe(20);
    expect(intervalForUtilization(0.5, policy)).toBe(50);
    expect(intervalForUtilization(0.7, policy)).toBe(80);
    expect(intervalForUtilization(1, policy)).toBe(80);
  });

  it('writes each delta at once while quiet with no floor', () => {
    const policy = { ...DEFAULT_BATCH_LOAD, quietIntervalMs: 0, maxIntervalMs: 80 };
    expect(intervalForUtilization(0.1, policy)).toBe(0);
    expect(intervalForUtilization(0.5, policy)).toBe(40);
  });
});

describe('LoadAdaptiveInterval', () => {
  /** A fake reader whose utilisation between two samples is `next`. */
  function reader() {
    let next = 0;
    const read = (current?: EventLoopUtilization, previous?: EventLoopUtilization): EventLoopUtilization =>
      current && previous
        ? { idle: 0, active: 0, utilization: next }
        : { idle: 0, active: 0, utilization: 0 };
    return { read, set: (value: number) => (next = value) };
  }

  it('follows the sampled utilisation', () => {
    const fake = reader();
    const interval = new LoadAdaptiveInterval({ ...DEFAULT_BATCH_LOAD, sampleMs: 60_000 }, fake.read);
    expect(interval.intervalMs()).toBe(DEFAULT_BATCH_LOAD.quietIntervalMs);
    fake.set(0.9);
    interval.sample();
    expect(interval.intervalMs()).toBe(DEFAULT_BATCH_LOAD.maxIntervalMs);
    fake.set(0.1);
    interval.sample();
    expect(interval.intervalMs()).toBe(DEFAULT_BATCH_LOAD.quietIntervalMs);
    interval.stop();
  });

  it('puts the answers on a grid of the quiet interval while quiet, and on none once busy', () => {
    const fake = reader();
    const interval = new LoadAdaptiveInterval({ ...DEFAULT_BATCH_LOAD, sampleMs: 60_000 }, fake.read);
    expect(interval.gridMs()).toBe(DEFAULT_BATCH_LOAD.quietIntervalMs);
    fake.set(0.5);
    interval.sample();
    expect(interval.gridMs()).toBe(0);
    fake.set(0.1);
    interval.sample();
    expect(interval.gridMs()).toBe(DEFAULT_BATCH_LOAD.quietIntervalMs);
    interval.stop();
  });
});
