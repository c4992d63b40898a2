import { Inject, Injectable } from '@nestjs/common';
import { BaseServerEnv, REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { type SubscriptionLike } from '../stripe/stripe.types';
import { DEMO_SESSION_TTL_SECONDS } from './demo.events';
import { type DemoCharge, type DemoSession } from './demo.types';

/**
 * The demo mode's stand-in for Stripe's records, in Redis under the app's key prefix: checkout
 * sessions (expiring like Stripe's, after 24 hours) and subscriptions (kept).
 */
@Injectable()
export class DemoStore {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    config: BaseServerEnv,
  ) {
    this.prefix = `${config.REDIS_PREFIX}:billing:demo`;
  }

  async getSession(id: string): Promise<DemoSession | null> {
    return this.read<DemoSession>(`${this.prefix}:session:${id}`);
  }

  async saveSession(session: DemoSession): Promise<void> {
    await this.redis.set(
      `${this.prefix}:session:${session.id}`,
      JSON.stringify(session),
      'EX',
      DEMO_SESSION_TTL_SECONDS,
    );
  }

  /**
   * Claims the confirmation of a session: true for exactly one caller, however many confirm it at
   * once (SET NX), so only that one reports `duplicate: false`.
   */
  async claimCompletion(id: string): Promise<boolean> {
    const claimed = await this.redis.set(
      `${this.prefix}:session:${id}:completed`,
      '1',
      'EX',
      DEMO_SESSION_TTL_SECONDS,
      'NX',
    );
    return claimed === 'OK';
  }

  async getSubscription(id: string): Promise<SubscriptionLike | null> {
    return this.read<SubscriptionLike>(`${this.prefix}:subscription:${id}`);
  }

  async saveSubscription(subscription: SubscriptionLike): Promise<void> {
    await this.redis.set(`${this.prefix}:subscription:${subscription.id}`, JSON.stringify(subscription));
  }

  /** Demo charges are kept, like subscriptions: a purchase can be refunded after its session expired. */
  async getCharge(id: string): Promise<DemoCharge | null> {
    return this.read<DemoCharge>(`${this.prefix}:charge:${id}`);
  }

  /** Records a purchase's charge once: a confirm repeated later keeps its refunds and disputes. */
  async createCharge(charge: DemoCharge): Promise<void> {
    await this.redis.set(`${this.prefix}:charge:${charge.id}`, JSON.stringify(charge), 'NX');
  }

  async saveCharge(charge: DemoCharge): Promise<void> {
    await this.redis.set(`${this.prefix}:charge:${charge.id}`, JSON.stringify(charge));
  }

  private async read<T>(key: string): Promise<T | null> {
    const raw = await this.redis.get(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  }
}
