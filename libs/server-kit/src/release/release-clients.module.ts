import { type DynamicModule, Inject, Module, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { type BillingCallerEnv } from '../config/billing-caller.env';
import { MetricsService } from '../metrics/metrics.service';
import { type RedisTarget } from '../redis/redis-client.util';
import { billingRpcRequestsCounter } from '../rpc/billing-rpc.metrics';
import { BillingReleaseClient } from './billing-release.client';
import { UsageReleaseWaiter } from './usage-release.waiter';

/** What the release clients read from a worker's validated environment. */
export type ReleaseClientsEnv = Pick<BillingCallerEnv, 'BILLING_URL' | 'BILLING_RPC_SECRET'> &
  RedisTarget & { REDIS_PREFIX: string };

/**
 * What a worker that ends questions releases them through: billing's RPC, and the wait for a
 * release queued when billing does not answer. Both are made and closed here alone. The module that
 * runs the workers imports this one, so Nest, which shuts down from the root down, closes these
 * after the workers that use them.
 */
@Module({})
export class ReleaseClientsModule implements OnApplicationShutdown {
  constructor(
    @Inject(BillingReleaseClient) private readonly billing: BillingReleaseClient,
    @Inject(UsageReleaseWaiter) private readonly waiter: UsageReleaseWaiter,
  ) {}

  /** `env`: the worker's environment class, a provider of the application. */
  static forRoot(env: Type<ReleaseClientsEnv>): DynamicModule {
    return {
      module: ReleaseClientsModule,
      providers: [
        {
          provide: BillingReleaseClient,
          inject: [env, MetricsService],
          useFactory: (config: ReleaseClientsEnv, metrics: MetricsService) =>
            new BillingReleaseClient(config, billingRpcRequestsCounter(metrics.registry)),
        },
        {
          provide: UsageReleaseWaiter,
          inject: [env],
          useFactory: (config: ReleaseClientsEnv) => new UsageReleaseWaiter(config),
        },
      ],
      exports: [BillingReleaseClient, UsageReleaseWaiter],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.billing.close(), this.waiter.close()]);
  }
}
