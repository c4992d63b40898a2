import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * How often the event-loop lag is sampled (prom-client's default is 10 ms). Each sample wakes the
 * process: at 10 ms an idle service spent about 5 ms of CPU a second on it, most of what an idle
 * Council does, and at one user's question a sixth of its CPU (docs/performance.md, "An idle
 * service's timers"). A stall long enough to matter still spans several samples.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** One registry per process, labelled with the service name; default metrics include event-loop lag. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'council_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'council_job_duration_seconds',
    help: 'Queue job processing time by queue, job name and outcome',
    labelNames: ['queue', 'name', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60, 120],
    registers: [this.registry],
  });

  /** Observed when a worker starts a job that was ready when added (queueWaitSeconds). */
  readonly jobWait = new Histogram({
    name: 'council_job_wait_seconds',
    help: 'Time a job waited in its queue before a worker started it, by queue and job name',
    labelNames: ['queue', 'name'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });

  readonly jobsFinished = new Counter({
    name: 'council_jobs_finished_total',
    help: 'Queue jobs finished by queue, job name and outcome',
    labelNames: ['queue', 'name', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  }

  setService(service: string): void {
    this.registry.setDefaultLabels({ service });
  }
}
