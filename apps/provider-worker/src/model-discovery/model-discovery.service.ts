import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  MODEL_DISCOVERY,
  type Provider,
  errorMessage,
  listedModelsKey,
  listedModelsTtlMs,
} from '@council/contracts';
import { type ModelLister, createModelLister } from '@council/llm';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { PROVIDER_SETUP } from '../answers/provider-modes.publisher';
import { type ProviderSetup } from '../config/provider-setup';
import { ProviderWorkerEnv } from '../config/provider-worker.env';
import { ModelDiscoveryRepository } from './model-discovery.repository';
import { planModelDiscovery } from './model-discovery.util';

/**
 * Lists the models of each served provider whose catalogue entry sets `discoverModels` (GET
 * /v1/models, through the SDK client its answers use), at start and every
 * MODEL_DISCOVERY_INTERVAL_MS: adds the models the catalogue lacks, then publishes the listed ids
 * for the gateway, which offers exactly the models they match. A server that cannot be listed, or
 * lists nothing, publishes an empty list: its models are hidden, and questions are not sent to it.
 * Every replica does the same; the writes are idempotent, and the last list written wins.
 */
@Injectable()
export class ModelDiscoveryService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ModelDiscoveryService.name);
  private readonly listers: ModelLister[];
  private readonly stopping = new AbortController();
  /** Providers whose last listing failed, so a server that stays away is reported once. */
  private readonly unreachable = new Set<Provider>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly env: ProviderWorkerEnv,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(PROVIDER_SETUP) setup: ProviderSetup,
    private readonly repository: ModelDiscoveryRepository,
  ) {
    this.listers = setup.discovering.flatMap((provider) => createModelLister(provider, setup.llm) ?? []);
  }

  /** The first listing finishes before the worker reports healthy, so a fresh start offers its models. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.listers.length === 0) return;
    this.running = this.refreshAll();
    await this.running;
    this.scheduleNext();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Lists every discovering provider once; each provider's failure stays its own. */
  async refreshAll(): Promise<void> {
    for (const lister of this.listers) {
      if (this.stopping.signal.aborted) return;
      await this.refresh(lister);
    }
  }

  private scheduleNext(): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.running = this.refreshAll().finally(() => this.scheduleNext());
    }, this.env.MODEL_DISCOVERY_INTERVAL_MS);
    // Shutdown clears it; it must not be what keeps a process alive.
    this.timer.unref();
  }

  private async refresh(lister: ModelLister): Promise<void> {
    const provider = lister.provider;
    const serverIds = await this.list(lister);
    if (this.stopping.signal.aborted) return;
    try {
      const listed = serverIds.length > 0 ? await this.storeListed(provider, serverIds) : [];
      await this.redis.set(
        listedModelsKey(this.env.REDIS_PREFIX, provider),
        JSON.stringify(listed),
        'PX',
        listedModelsTtlMs(this.env.MODEL_DISCOVERY_INTERVAL_MS),
      );
    } catch (error) {
      // The list published last stays until it lapses; the next refresh tries again.
      this.logger.warn(`Could not update the models of ${provider}: ${errorMessage(error)}`);
    }
  }

  /** The server's ids; none when it cannot be listed (reported when that starts and ends). */
  private async list(lister: ModelLister): Promise<string[]> {
    const provider = lister.provider;
    const signal = AbortSignal.any([
      this.stopping.signal,
      AbortSignal.timeout(MODEL_DISCOVERY.listTimeoutMs),
    ]);
    try {
      const ids = await lister.list(signal);
      if (this.unreachable.delete(provider)) this.logger.log(`${provider} lists its models again`);
      return ids;
    } catch (error) {
      if (!this.stopping.signal.aborted && !this.unreachable.has(provider)) {
        this.unreachable.add(provider);
        this.logger.warn(
          `Could not list the models of ${provider}; they are hidden until its server answers: ${errorMessage(error)}`,
        );
      }
      return [];
    }
  }

  /** Brings the catalogue up to the listing; returns the ids to publish. */
  private async storeListed(provider: Provider, serverIds: readonly string[]): Promise<string[]> {
    const { firstAgentId, rows } = await this.repository.providerModels(provider);
    const plan = planModelDiscovery(serverIds, rows);
    if (plan.add.length > 0) {
      if (firstAgentId === null) {
        this.logger.warn(`${provider} has no agent in the catalogue to offer its listed models under`);
      } else {
        await this.repository.addDiscovered(firstAgentId, plan.add);
      }
    }
    await this.repository.retireDiscovered(plan.retire);
    return plan.listed;
  }
}
