import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UserEntity } from '@council/db';
import { DataSource } from 'typeorm';
import { metadataUserId } from '../stripe/stripe.mappers';
import { type BillingObjectSource } from '../stripe/stripe.types';

export interface UserHints {
  customerId: string | null;
  /** From the object's metadata (or client_reference_id): set by billing when it created it. */
  userId: number | null;
}

/**
 * Which of our users a Stripe object belongs to: the customer id saved on the user first (billing
 * creates every customer before its checkout, so this holds even when invoice.paid arrives before
 * checkout.session.completed), then the metadata billing set, then the customer's own metadata.
 */
@Injectable()
export class EventUserResolver {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async resolve(hints: UserHints, source: BillingObjectSource): Promise<number | null> {
    const users = this.dataSource.getRepository(UserEntity);
    if (hints.customerId) {
      const owner = await users.findOne({
        where: { stripeCustomerId: hints.customerId },
        select: { id: true },
      });
      if (owner) return owner.id;
    }
    if (hints.userId !== null && (await users.existsBy({ id: hints.userId }))) return hints.userId;
    if (hints.customerId) {
      const customer = await source.retrieveCustomer(hints.customerId);
      const userId = metadataUserId(customer?.metadata);
      if (userId !== null && (await users.existsBy({ id: userId }))) return userId;
    }
    return null;
  }
}
