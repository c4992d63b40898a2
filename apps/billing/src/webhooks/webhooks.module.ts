import { Module } from '@nestjs/common';
import { ChargesService } from '../charges/charges.service';
import { LedgerModule } from '../ledger/ledger.module';
import { BillingQueuesModule } from '../queues/billing-queues.module';
import { StripeModule } from '../stripe/stripe.module';
import { SubscriptionSyncModule } from '../subscriptions/subscription-sync.module';
import { EventUserResolver } from './event-user.resolver';
import { ChargeEventsHandler } from './handlers/charge-events.handler';
import { CheckoutEventsHandler } from './handlers/checkout-events.handler';
import { InvoiceEventsHandler } from './handlers/invoice-events.handler';
import { SubscriptionEventsHandler } from './handlers/subscription-events.handler';
import { StripeEventsRepository } from './stripe-events.repository';
import { WebhookEventsService } from './webhook-events.service';
import { WebhookIngressService } from './webhook-ingress.service';
import { WebhookRedriveService } from './webhook-redrive.service';
import { WebhookProcessor } from './webhook.processor';

@Module({
  imports: [LedgerModule, StripeModule, SubscriptionSyncModule, BillingQueuesModule],
  providers: [
    ChargesService,
    EventUserResolver,
    StripeEventsRepository,
    CheckoutEventsHandler,
    InvoiceEventsHandler,
    SubscriptionEventsHandler,
    ChargeEventsHandler,
    WebhookEventsService,
    WebhookIngressService,
    WebhookRedriveService,
    WebhookProcessor,
  ],
  exports: [WebhookEventsService, WebhookIngressService, ChargesService],
})
export class WebhooksModule {}
