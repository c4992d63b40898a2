import { Injectable } from '@nestjs/common';
import { findPack } from '@council/contracts';
import { UserEntity } from '@council/db';
import { ChargesService } from '../../charges/charges.service';
import { planPurchase } from '../../ledger/ledger.arithmetic';
import { purchaseKey } from '../../ledger/ledger.keys';
import { LedgerService } from '../../ledger/ledger.service';
import { isDemoCustomerId } from '../../stripe/stripe-customers.service';
import { METADATA, PAID_SESSION_STATUSES } from '../../stripe/stripe.constants';
import { metadataUserId, parseUserId, refId } from '../../stripe/stripe.mappers';
import { type BillingObjectSource } from '../../stripe/stripe.types';
import { SubscriptionSyncService } from '../../subscriptions/subscription-sync.service';
import { type CheckoutEvent } from '../billing-event';
import { EventUserResolver } from '../event-user.resolver';
import { type BillingEventHandler, type FulfilmentOutcome } from './billing-event.handler';

/** A completed checkout. Payment mode: credit the pack once per session. Subscription mode: link and converge. */
@Injectable()
export class CheckoutEventsHandler implements BillingEventHandler<CheckoutEvent> {
  constructor(
    private readonly ledger: LedgerService,
    private readonly sync: SubscriptionSyncService,
    private readonly users: EventUserResolver,
    private readonly charges: ChargesService,
  ) {}

  async handle(event: CheckoutEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
    const session = await source.retrieveCheckoutSession(event.sessionId);
    const customerId = refId(session.customer);
    const userId = await this.users.resolve(
      { customerId, userId: metadataUserId(session.metadata) ?? parseUserId(session.client_reference_id) },
      source,
    );
    if (userId === null) return 'ignored';
    const refs = { stripeEventId: event.id };

    if (session.mode === 'payment') {
      const pack = findPack(session.metadata?.[METADATA.packId] ?? '');
      if (!pack) return 'ignored';
      // Asynchronous payment methods complete unpaid; checkout.session.async_payment_succeeded follows.
      if (!PAID_SESSION_STATUSES.includes(session.payment_status)) return 'pending';
      const result = await this.ledger.withAccount(userId, async (account) => {
        if (
          customerId &&
          (!account.user.stripeCustomerId || isDemoCustomerId(account.user.stripeCustomerId))
        ) {
          await account.manager.getRepository(UserEntity).update(userId, { stripeCustomerId: customerId });
        }
        const purchase = await this.ledger.runOnceLocked(account, purchaseKey(session.id), () => ({
          movements: planPurchase(pack.tokens, `${pack.name} (${pack.id}), checkout ${session.id}`),
          refs,
        }));
        // Links the charge to this grant, and applies a refund or dispute that came first (DECISIONS 27).
        await this.charges.afterPackGrantedLocked(account, session, source, refs);
        return purchase;
      });
      return result.duplicate ? 'duplicate' : 'credited';
    }

    const subscriptionId = refId(session.subscription);
    if (session.mode !== 'subscription' || !subscriptionId) return 'ignored';
    const { decision } = await this.sync.sync(userId, subscriptionId, source, refs);
    return decision.apply ? 'synced' : 'ignored';
  }
}
