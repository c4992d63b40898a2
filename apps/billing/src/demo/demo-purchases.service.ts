import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BILLING_MESSAGES,
  type BillingDemoPurchaseReply,
  type BillingDemoPurchasesReply,
  type DemoDisputeOutcome,
} from '@council/contracts';
import { type PaymentGrantEntity, UserEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { DataSource } from 'typeorm';
import { ChargesService } from '../charges/charges.service';
import { StripeSdkService } from '../stripe/stripe-sdk.service';
import { type ChargeEvent } from '../webhooks/billing-event';
import { WebhookEventsService } from '../webhooks/webhook-events.service';
import { DemoObjectSource } from './demo-object-source';
import {
  demoDisputeEvent,
  demoPurchaseView,
  demoRefundEvent,
  disputeCharge,
  refundCharge,
} from './demo-purchases.util';
import { demoChargeId } from './demo.events';
import { DemoStore } from './demo.store';
import { type DemoCharge } from './demo.types';

const DEMO_PAYMENT_INTENT = /^pi_demo_/;

/**
 * The demo refund and dispute controls (DECISIONS 27). Each changes the demo charge as a refund or
 * a dispute at Stripe would, then applies the event Stripe would send about it through the very
 * fulfilment code a verified webhook runs (WebhookEventsService, re-reading the charge from the demo
 * store), as the demo checkout does for fulfilment. Only the buyer sees a purchase; only in demo mode.
 */
@Injectable()
export class DemoPurchasesService {
  constructor(
    private readonly stripe: StripeSdkService,
    private readonly store: DemoStore,
    private readonly source: DemoObjectSource,
    private readonly events: WebhookEventsService,
    private readonly charges: ChargesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The account's demo token packs, newest first. */
  async list(userId: number): Promise<BillingDemoPurchasesReply> {
    this.assertDemo();
    const grants = await this.charges.listForUser(userId);
    const purchases: BillingDemoPurchasesReply['purchases'] = [];
    for (const grant of grants) {
      if (!DEMO_PAYMENT_INTENT.test(grant.paymentIntentId)) continue;
      const charge = await this.store.getCharge(demoChargeId(grant.paymentIntentId));
      if (charge?.userId === userId) purchases.push(demoPurchaseView(charge, grant));
    }
    return { purchases };
  }

  /** Refunds `amountPence` of the purchase, or all that is left of it; a repeat changes nothing. */
  refund(userId: number, id: string, amountPence?: number): Promise<BillingDemoPurchaseReply> {
    return this.change(userId, id, (charge) => refundCharge(charge, amountPence), demoRefundEvent);
  }

  /** Opens a dispute (no outcome) or closes the open one, won or lost. */
  dispute(userId: number, id: string, outcome?: DemoDisputeOutcome): Promise<BillingDemoPurchaseReply> {
    return this.change(userId, id, (charge) => disputeCharge(charge, outcome), demoDisputeEvent);
  }

  /**
   * Changes the charge, then applies the event of its state even when nothing changed: a call whose
   * event failed after the charge was saved converges when repeated (the ledger key of the charge's
   * state makes a second application a no-op).
   */
  private async change(
    userId: number,
    id: string,
    change: (charge: DemoCharge) => DemoCharge,
    eventOf: (charge: DemoCharge) => ChargeEvent | null,
  ): Promise<BillingDemoPurchaseReply> {
    this.assertDemo();
    const updated = await this.store.updateCharge(id, (charge) => {
      if (charge.userId !== userId) throw notFound();
      return change(charge);
    });
    if (!updated) throw notFound();
    const event = eventOf(updated.after);
    if (event) await this.events.apply(event, this.source);
    const [grant, user] = await Promise.all([
      this.grantOf(userId, updated.after),
      this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId }),
    ]);
    return {
      purchase: demoPurchaseView(updated.after, grant),
      changed: updated.after !== updated.before,
      tokensLeft: user.tokensLeft,
      tokenDebt: user.tokenDebt,
    };
  }

  private async grantOf(userId: number, charge: DemoCharge): Promise<PaymentGrantEntity | undefined> {
    const grants = await this.charges.listForUser(userId);
    return grants.find((grant) => grant.paymentIntentId === charge.paymentIntentId);
  }

  private assertDemo(): void {
    if (this.stripe.enabled) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.demoOnly);
  }
}

/** Someone else's purchase is as unknown as a made-up one. */
function notFound(): DomainException {
  return new DomainException('NOT_FOUND', BILLING_MESSAGES.demoPurchaseNotFound);
}
