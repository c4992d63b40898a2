import { getQueueToken } from '@nestjs/bullmq';
import { type Provider } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { type Queue, type Worker } from 'bullmq';
import { queueWaitSeconds } from './job-wait';
import { MetricsService } from './metrics.service';

const STATES = [
  'waiting',
  'active',
  'delayed',
  'failed',
  'completed',
  'prioritized',
  'waiting-children',
] as const;

/** Queue depth read from Redis at scrape time, so every replica reports the same truth. */
export function registerQueueDepthGauge(metrics: MetricsService, queues: Queue[]): void {
  new Gauge({
    name: 'council_queue_jobs',
    help: 'Jobs per queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      await Promise.all(
        queues.map(async (queue) => {
          const counts = await queue.getJobCounts(...STATES).catch(() => null);
          if (!counts) return;
          for (const state of STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        }),
      );
    },
  });
}

/** Records how long each job waited, how long it took and how it ended. */
export function instrumentWorker(metrics: MetricsService, worker: Worker): void {
  worker.on('active', (job) => {
    const waited = queueWaitSeconds(job);
    if (waited !== null) metrics.jobWait.observe({ queue: worker.name, name: job.name }, waited);
  });
  const observe = (
    outcome: 'completed' | 'failed',
    job?: { name: string; processedOn?: number; finishedOn?: number },
  ) => {
    if (!job) return;
    const labels = { queue: worker.name, name: job.name, outcome };
    metrics.jobsFinished.inc(labels);
    if (job.processedOn && job.finishedOn)
      metrics.jobDuration.observe(labels, (job.finishedOn - job.processedOn) / 1000);
  };
  worker.on('completed', (job) => observe('completed', job));
  worker.on('failed', (job) => observe('failed', job));
}

/** A provider that registers the depth gauge for the named queues once they are injectable. */
export function queueDepthMetricsProvider(names: readonly string[]): Provider {
  return {
    provide: Symbol('QUEUE_DEPTH_METRICS'),
    inject: [MetricsService, ...names.map((name) => getQueueToken(name))],
    useFactory: (metrics: MetricsService, ...queues: Queue[]) => registerQueueDepthGauge(metrics, queues),
  };
}
