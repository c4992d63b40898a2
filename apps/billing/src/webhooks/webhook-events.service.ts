import { Injectable, Logger } from '@nestjs/common';
import { type BillingObjectSource } from '../stripe/stripe.types';
import {
  type BillingEvent,
  CHARGE_EVENT_TYPES,
  CHECKOUT_EVENT_TYPES,
  INVOICE_EVENT_TYPES,
  SUBSCRIPTION_EVENT_TYPES,
} from './billing-event';
import {
  type BillingEventHandler,
  type FulfilmentOutcome,
  type HandlersByType,
  forTypes,
} from './handlers/billing-event.handler';
import { ChargeEventsHandler } from './handlers/charge-events.handler';
import { CheckoutEventsHandler } from './handlers/checkout-events.handler';
import { InvoiceEventsHandler } from './handlers/invoice-events.handler';
import { SubscriptionEventsHandler } from './handlers/subscription-events.handler';

/**
 * The fulfilment code: applies a verified Stripe event, or the demo mode's equivalent event, to
 * our rows, through the handler of its family (handlers/). A new family is a handler of its own;
 * an event type without one does not compile (HandlersByType).
 */
@Injectable()
export class WebhookEventsService {
  private readonly logger = new Logger(WebhookEventsService.name);
  private readonly handlers: HandlersByType;

  constructor(
    checkout: CheckoutEventsHandler,
    invoices: InvoiceEventsHandler,
    subscriptions: SubscriptionEventsHandler,
    charges: ChargeEventsHandler,
  ) {
    this.handlers = {
      ...forTypes(CHECKOUT_EVENT_TYPES, checkout),
      ...forTypes(INVOICE_EVENT_TYPES, invoices),
      ...forTypes(SUBSCRIPTION_EVENT_TYPES, subscriptions),
      ...forTypes(CHARGE_EVENT_TYPES, charges),
    };
  }

  async apply(event: BillingEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
    // The map pairs each type with its family's handler; TypeScript cannot follow that through the union.
    const handler = this.handlers[event.type] as BillingEventHandler<BillingEvent>;
    const outcome = await handler.handle(event, source);
    this.logger.log(`${source.mode} event ${event.id} (${event.type}): ${outcome}`);
    return outcome;
  }
}
