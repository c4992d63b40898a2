import { Inject, Injectable } from '@nestjs/common';
import { BaseServerEnv, DomainException, REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { type SubscriptionLike } from '../stripe/stripe.types';
import { DEMO_SESSION_TTL_SECONDS } from './demo.events';
import { type DemoCharge, type DemoSession } from './demo.types';

const CHARGE_UPDATE_ATTEMPTS = 20;

/** KEYS[1] = ARGV[2] when it still holds ARGV[1]. */
const COMPARE_AND_SET = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2])
  return 1
end
return 0`;

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

  /**
   * Changes a stored charge by `change` (a pure function of it; returning the same object changes
   * nothing), compare-and-set so concurrent refunds and disputes all count: a write that lost the
   * race reads again. Null when there is no such charge.
   */
  async updateCharge(
    id: string,
    change: (charge: DemoCharge) => DemoCharge,
  ): Promise<{ before: DemoCharge; after: DemoCharge } | null> {
    const key = `${this.prefix}:charge:${id}`;
    for (let attempt = 0; attempt < CHARGE_UPDATE_ATTEMPTS; attempt += 1) {
      const raw = await this.redis.get(key);
      if (raw === null) return null;
      const before = JSON.parse(raw) as DemoCharge;
      const after = change(before);
      if (after === before) return { before, after };
      if ((await this.redis.eval(COMPARE_AND_SET, 1, key, raw, JSON.stringify(after))) === 1) {
        return { before, after };
      }
    }
    throw new DomainException('CONFLICT', `Demo charge ${id} is changing; try again`);
  }

  private async read<T>(key: string): Promise<T | null> {
    const raw = await this.redis.get(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  }
}
