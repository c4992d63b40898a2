import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JobProcessor } from './job-processor';

/**
 * App-wide owner of each queue's jobs: two processors handling the same job of the same queue would
 * split its jobs between two handlers at random, so start-up fails instead.
 */
export class JobHandlerClaims {
  private readonly owners = new Map<string, string>();

  claim(queue: string, jobNames: readonly string[], owner: string): void {
    for (const name of jobNames) {
      const key = `${queue}\u0000${name}`;
      const previous = this.owners.get(key);
      if (previous !== undefined) {
        throw new Error(`Job "${name}" of queue ${queue} is handled by both ${previous} and ${owner}`);
      }
      this.owners.set(key, owner);
    }
  }
}

/** Claims, at start-up, the jobs of every JobProcessor the app holds (see JobHandlerClaims). */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  constructor(@Inject(DiscoveryService) private readonly discovery: Pick<DiscoveryService, 'getProviders'>) {}

  onModuleInit(): void {
    const claims = new JobHandlerClaims();
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof JobProcessor) {
        claims.claim(instance.queueName, instance.handledJobs(), instance.constructor.name);
      }
    }
  }
}
