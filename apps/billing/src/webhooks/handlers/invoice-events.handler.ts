import { Injectable } from '@nestjs/common';
import { ChargesService } from '../../charges/charges.service';
import { LedgerService } from '../../ledger/ledger.service';
import { type BillingObjectSource } from '../../stripe/stripe.types';
import { SubscriptionSyncService } from '../../subscriptions/subscription-sync.service';
import { type InvoiceEvent } from '../billing-event';
import { EventUserResolver } from '../event-user.resolver';
import { type BillingEventHandler, type FulfilmentOutcome } from './billing-event.handler';

/** invoice.paid: converge, then grant a new period's allocation. payment_failed: converge. */
@Injectable()
export class InvoiceEventsHandler implements BillingEventHandler<InvoiceEvent> {
  constructor(
    private readonly ledger: LedgerService,
    private readonly sync: SubscriptionSyncService,
    private readonly users: EventUserResolver,
    private readonly charges: ChargesService,
  ) {}

  async handle(event: InvoiceEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
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
}
