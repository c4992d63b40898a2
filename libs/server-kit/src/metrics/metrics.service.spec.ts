import perfHooks from 'node:perf_hooks';
import { EVENT_LOOP_SAMPLE_MS, MetricsService } from './metrics.service';

describe('MetricsService', () => {
  afterEach(() => jest.restoreAllMocks());

  it('samples the event-loop lag every EVENT_LOOP_SAMPLE_MS, not every 10 ms', async () => {
    const monitor = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
    const metrics = new MetricsService();
    expect(monitor).toHaveBeenCalledTimes(1);
    expect(monitor).toHaveBeenCalledWith({ resolution: EVENT_LOOP_SAMPLE_MS });
    expect(EVENT_LOOP_SAMPLE_MS).toBeGreaterThanOrEqual(100);
    // The lag is still exported, in the same names the dashboard and the bench read.
    const exported = await metrics.registry.metrics();
    expect(exported).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});
