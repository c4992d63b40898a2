import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import {
  BillingReleaseClient,
  MetricsService,
  UsageReleaseWaiter,
  billingRpcRequestsCounter,
} from '@council/server-kit';
import { ProviderWorkerEnv } from '../config/provider-worker.env';

/**
 * What the last member of a question without a debate releases it through: billing's RPC, and the
 * wait for a release queued when billing does not answer. Imported by the processors' module, so
 * Nest closes these after the workers that use them (it shuts down from the root down).
 */
@Module({})
export class ReleaseClientsModule implements OnApplicationShutdown {
  constructor(
    @Inject(BillingReleaseClient) private readonly billing: BillingReleaseClient,
    @Inject(UsageReleaseWaiter) private readonly waiter: UsageReleaseWaiter,
  ) {}

  static forRoot(): DynamicModule {
    return {
      module: ReleaseClientsModule,
      providers: [
        {
          provide: BillingReleaseClient,
          inject: [ProviderWorkerEnv, MetricsService],
          useFactory: (env: ProviderWorkerEnv, metrics: MetricsService) =>
            new BillingReleaseClient(env, billingRpcRequestsCounter(metrics.registry)),
        },
        {
          provide: UsageReleaseWaiter,
          inject: [ProviderWorkerEnv],
          useFactory: (env: ProviderWorkerEnv) => new UsageReleaseWaiter(env),
        },
      ],
      exports: [BillingReleaseClient, UsageReleaseWaiter],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.billing.close(), this.waiter.close()]);
  }
}
