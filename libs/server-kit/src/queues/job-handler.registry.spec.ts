import { JOBS, QUEUES } from '@council/contracts';
import { type DiscoveryService } from '@nestjs/core';
import { type MetricsService } from '../metrics/metrics.service';
import { type JobHandlers } from './job-dispatcher';
import { JobHandlerClaims, JobHandlerRegistry } from './job-handler.registry';
import { JobProcessor } from './job-processor';

class SweepProcessor extends JobProcessor<typeof QUEUES.retention> {
  readonly queueName = QUEUES.retention;
  protected readonly metrics = {} as MetricsService;

  protected handlers(): JobHandlers<typeof QUEUES.retention> {
    return { [JOBS.retentionSweep]: () => Promise.resolve() };
  }
}

class OtherSweepProcessor extends SweepProcessor {}

class FinaliseOnlyProcessor extends JobProcessor<typeof QUEUES.consensus> {
  readonly queueName = QUEUES.consensus;
  protected readonly metrics = {} as MetricsService;

  protected handlers(): JobHandlers<typeof QUEUES.consensus> {
    return { [JOBS.consensusFinalise]: () => Promise.resolve() } as unknown as JobHandlers<
      typeof QUEUES.consensus
    >;
  }
}

function registryOf(...instances: unknown[]): JobHandlerRegistry {
  const discovery: Pick<DiscoveryService, 'getProviders'> = {
    getProviders: () =>
      instances.map((instance) => ({ instance })) as ReturnType<DiscoveryService['getProviders']>,
  };
  return new JobHandlerRegistry(discovery);
}

describe('JobHandlerClaims', () => {
  it('refuses a second owner for the same job of the same queue', () => {
    const claims = new JobHandlerClaims();
    claims.claim('usage', ['usage-settle'], 'A');
    claims.claim('retention', ['usage-settle'], 'B');
    expect(() => claims.claim('usage', ['usage-settle'], 'C')).toThrow(
      'Job "usage-settle" of queue usage is handled by both A and C',
    );
  });
});

describe('JobHandlerRegistry', () => {
  it('lets one processor per queue start', () => {
    expect(() => registryOf(new SweepProcessor(), { unrelated: true }).onModuleInit()).not.toThrow();
  });

  it('fails start-up when two processors handle the same job', () => {
    expect(() => registryOf(new SweepProcessor(), new OtherSweepProcessor()).onModuleInit()).toThrow(
      'Job "retention-sweep" of queue retention is handled by both SweepProcessor and OtherSweepProcessor',
    );
  });

  it('fails start-up when a processor lacks a handler for a job its queue carries', () => {
    expect(() => new FinaliseOnlyProcessor().onModuleInit()).toThrow(
      'Queue consensus carries job(s) without a handler: question-fail',
    );
    expect(() => registryOf(new FinaliseOnlyProcessor()).onModuleInit()).toThrow('question-fail');
  });
});
