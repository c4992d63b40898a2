import { Injectable, Logger } from '@nestjs/common';
import { findPack } from '@council/contracts';
import { UserEntity } from '@council/db';
import { ChargesService } from '../charges/charges.service';
import { planPurchase } from '../ledger/ledger.arithmetic';
import { purchaseKey } from '../ledger/ledger.keys';
import { LedgerService } from '../ledger/ledger.service';
import { isDemoCustomerId } from '../stripe/stripe-customers.service';
import { METADATA, PAID_SESSION_STATUSES } from '../stripe/stripe.constants';
import { metadataUserId, parseUserId, refId } from '../stripe/stripe.mappers';
import { type BillingObjectSource } from '../stripe/stripe.types';
import { SubscriptionSyncService } from '../subscriptions/subscription-sync.service';
import {
  type BillingEvent,
  type CheckoutEvent,
  type InvoiceEvent,
  type SubscriptionEvent,
} from './billing-event';
import { EventUserResolver } from './event-user.resolver';

/** What applying an event did (logged, and returned to the demo page and the tests). */
export type FulfilmentOutcome =
  'credited' | 'synced' | 'granted' | 'pending' | 'duplicate' | 'ignored' | 'adjusted' | 'unchanged';

/**
 * The fulfilment code: applies a verified Stripe event, or the demo mode's equivalent event, to
 * our rows. Every branch re-reads the object from its source and is idempotent (ledger keys, row
 * locks), so redeliveries, concurrent deliveries and any order of events converge on one state.
 */
@Injectable()
export class WebhookEventsService {
  private readonly logger = new Logger(WebhookEventsService.name);

  constructor(
    private readonly ledger: LedgerService,
    private readonly sync: SubscriptionSyncService,
    private readonly users: EventUserResolver,
    private readonly charges: ChargesService,
  ) {}

  async apply(event: BillingEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
    const outcome = await this.dispatch(event, source);
    this.logger.log(`${source.mode} event ${event.id} (${event.type}): ${outcome}`);
    return outcome;
  }

  private dispatch(event: BillingEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.onCheckoutCompleted(event, source);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return this.onInvoice(event, source);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.onSubscriptionChanged(event, source);
      case 'charge.refunded':
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
        return this.charges.onChargeChanged(event.chargeId, source, { stripeEventId: event.id });
    }
  }

  /** Payment mode: credit the pack once per session. Subscription mode: link and converge. */
  private async onCheckoutCompleted(
    event: CheckoutEvent,
    source: BillingObjectSource,
  ): Promise<FulfilmentOutcome> {
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

  /** invoice.paid: converge, then grant a new period's allocation. payment_failed: converge. */
  private async onInvoice(event: InvoiceEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
    const { invoice } = event;
    if (!invoice.subscriptionId) return 'ignored';
    const subscriptionId = invoice.subscriptionId;
    const userId = await this.users.resolve(
      { customerId: invoice.customerId, userId: invoice.userIdHint },
      source,
    );
    if (userId === null) return 'ignored';
    const refs = { stripeEventId: event.id };
    return this.ledger.withAccount(userId, async (account) => {
      const synced = await this.sync.syncLocked(account, subscriptionId, source, refs);
      if (event.type !== 'invoice.paid') return synced.decision.apply ? 'synced' : 'ignored';
      const granted = await this.sync.grantPeriodLocked(account, invoice, synced, refs);
      // Links the invoice's charge to what it paid for (the period's allowance, or an upgrade's
      // top-up), and applies a refund or dispute that came first.
      const grantKey = await this.sync.invoiceGrantKey(invoice, synced);
      await this.charges.afterInvoiceGrantedLocked(account, invoice.id, grantKey, source, refs);
      if (granted) return 'granted';
      return synced.decision.apply ? 'synced' : 'ignored';
    });
  }

  private async onSubscriptionChanged(
    event: SubscriptionEvent,
    source: BillingObjectSource,
  ): Promise<FulfilmentOutcome> {
    const userId = await this.users.resolve(
      { customerId: event.customerId, userId: event.userIdHint },
      source,
    );
    if (userId === null) return 'ignored';
    const { decision } = await this.sync.sync(userId, event.subscriptionId, source, {
      stripeEventId: event.id,
    });
    return decision.apply ? 'synced' : 'ignored';
  }
}
