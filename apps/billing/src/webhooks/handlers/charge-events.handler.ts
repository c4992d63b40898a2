import { Injectable } from '@nestjs/common';
import { ChargesService } from '../../charges/charges.service';
import { type BillingObjectSource } from '../../stripe/stripe.types';
import { type ChargeEvent } from '../billing-event';
import { type BillingEventHandler, type FulfilmentOutcome } from './billing-event.handler';

/** Refunds and disputes (DECISIONS 27): the charge is re-read and what it paid for adjusted. */
@Injectable()
export class ChargeEventsHandler implements BillingEventHandler<ChargeEvent> {
  constructor(private readonly charges: ChargesService) {}

  handle(event: ChargeEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
    return this.charges.onChargeChanged(event.chargeId, source, { stripeEventId: event.id });
  }
}
