import { Injectable } from '@nestjs/common';
import { UserEntity } from '@council/db';
import { LedgerService } from '../ledger/ledger.service';
import { METADATA } from './stripe.constants';
import { StripeSdkService } from './stripe-sdk.service';

const DEMO_CUSTOMER_PREFIX = 'cus_demo_';

/** The demo mode's stand-in customer id (never sent to Stripe). */
export function demoCustomerId(userId: number): string {
  return `${DEMO_CUSTOMER_PREFIX}${userId}`;
}

export function isDemoCustomerId(id: string | null): boolean {
  return id !== null && id.startsWith(DEMO_CUSTOMER_PREFIX);
}

/** Stripe customers, created lazily: one per user, with the user id in its metadata. */
@Injectable()
export class StripeCustomersService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly stripe: StripeSdkService,
  ) {}

  /**
   * The user's customer id, creating the customer on first use. The user row stays locked during
   * the call, and the idempotency key is the user's, so concurrent requests create one customer.
   */
  ensureCustomer(userId: number): Promise<string> {
    return this.ledger.withAccount(userId, async ({ manager, user }) => {
      if (user.stripeCustomerId && !isDemoCustomerId(user.stripeCustomerId)) return user.stripeCustomerId;
      const customer = await this.stripe.call('customers.create', (stripe) =>
        stripe.customers.create(
          {
            ...(user.email ? { email: user.email } : {}),
            name: user.name ?? user.username,
            metadata: { [METADATA.userId]: String(user.id) },
          },
          { idempotencyKey: `customer:${user.id}` },
        ),
      );
      await manager.getRepository(UserEntity).update(user.id, { stripeCustomerId: customer.id });
      return customer.id;
    });
  }

  /** The demo mode gives every paying user a stand-in customer, so the portal buttons work. */
  ensureDemoCustomer(userId: number): Promise<string> {
    return this.ledger.withAccount(userId, async ({ manager, user }) => {
      if (user.stripeCustomerId) return user.stripeCustomerId;
      const id = demoCustomerId(user.id);
      await manager.getRepository(UserEntity).update(user.id, { stripeCustomerId: id });
      return id;
    });
  }
}
