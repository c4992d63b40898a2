import { type BillingObjectSource } from '../../stripe/stripe.types';
import { type BillingEvent } from '../billing-event';

/** What applying an event did (logged, and returned to the demo page and the tests). */
export type FulfilmentOutcome =
  'credited' | 'synced' | 'granted' | 'pending' | 'duplicate' | 'ignored' | 'adjusted' | 'unchanged';

/**
 * Applies one family of events (billing-event.ts) to our rows. Every handler re-reads the object
 * from its source and is idempotent (ledger keys, row locks), so redeliveries, concurrent deliveries
 * and any order of events converge on one state.
 */
export interface BillingEventHandler<E extends BillingEvent> {
  handle(event: E, source: BillingObjectSource): Promise<FulfilmentOutcome>;
}

/** One handler for every type of its family. */
export type HandlersByType = {
  [T in BillingEvent['type']]: BillingEventHandler<Extract<BillingEvent, { type: T }>>;
};

/** A family's types, each mapped to its handler (WebhookEventsService spreads these). */
export function forTypes<E extends BillingEvent>(
  types: readonly E['type'][],
  handler: BillingEventHandler<E>,
): Record<E['type'], BillingEventHandler<E>> {
  return Object.fromEntries(types.map((type) => [type, handler])) as Record<
    E['type'],
    BillingEventHandler<E>
  >;
}
