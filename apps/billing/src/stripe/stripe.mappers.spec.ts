import {
  type SubscriptionState,
  type UserSubscriptionRow,
  decideSubscriptionSync,
  invoiceTier,
  mapSubscription,
  mapSubscriptionStatus,
  parseUserId,
  periodGrantTier,
  periodShareLeft,
  refId,
  startsNewPeriod,
  subscriptionRowOf,
  tierOfPrice,
} from './stripe.mappers';
import { type SubscriptionLike } from './stripe.types';

const known = { premium: 'price_premium', max: 'price_max' };
const END = 1_900_000_000;

function subscription(fields: Partial<SubscriptionLike> = {}, priceId = 'price_premium'): SubscriptionLike {
  return {
    id: 'sub_1',
    status: 'active',
    customer: 'cus_1',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { userId: '7' },
    items: {
      data: [{ id: 'si_1', current_period_end: END, price: { id: priceId, lookup_key: null, metadata: {} } }],
    },
    ...fields,
  };
}

function row(fields: Partial<UserSubscriptionRow> = {}): UserSubscriptionRow {
  return {
    stripeSubscriptionId: null,
    subscriptionTier: 'free',
    subscriptionStatus: 'none',
    subscriptionPeriodEnd: null,
    subscriptionCancelAtPeriodEnd: false,
    ...fields,
  };
}

function state(fields: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    live: true,
    paidTier: 'premium',
    tier: 'premium',
    periodEnd: new Date(END * 1000),
    periodStart: new Date((END - 30 * 86_400) * 1000),
    cancelAtPeriodEnd: false,
    ...fields,
  };
}

describe('Stripe → our rows', () => {
  it('reads expandable references and user ids defensively', () => {
    expect(refId('cus_1')).toBe('cus_1');
    expect(refId({ id: 'cus_2' })).toBe('cus_2');
    expect(refId(null)).toBeNull();
    expect(parseUserId('42')).toBe(42);
    expect([parseUserId('0'), parseUserId('4.2'), parseUserId('x'), parseUserId(undefined)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('folds Stripe statuses into ours', () => {
    expect(mapSubscriptionStatus('active')).toBe('active');
    expect(mapSubscriptionStatus('past_due')).toBe('past_due');
    expect(mapSubscriptionStatus('incomplete_expired')).toBe('canceled');
    expect(mapSubscriptionStatus('paused')).toBe('unpaid');
    expect(mapSubscriptionStatus('something_new')).toBe('incomplete');
  });

  it('recognises a plan by configured price id, lookup key or tier metadata', () => {
    expect(tierOfPrice('price_max', known)).toBe('max');
    expect(tierOfPrice({ id: 'price_other', lookup_key: 'council_premium_monthly_gbp' }, {})).toBe('premium');
    expect(tierOfPrice({ id: 'price_other', metadata: { tier: 'max' } }, {})).toBe('max');
    expect(tierOfPrice({ id: 'price_other', metadata: { tier: 'free' } }, {})).toBeNull();
    expect(tierOfPrice('price_unknown', known)).toBeNull();
  });

  describe('mapSubscription', () => {
    it('maps a live subscription to its plan and the real period end (from the items)', () => {
      expect(mapSubscription(subscription({}, 'price_max'), known)).toEqual({
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        status: 'active',
        live: true,
        paidTier: 'max',
        tier: 'max',
        periodEnd: new Date(END * 1000),
        // The demo's items carry no start: one calendar month before the end.
        periodStart: new Date(Date.UTC(2030, 1, 17, 17, 46, 40)),
        cancelAtPeriodEnd: false,
      });
    });

    it("takes the period's start from the items when Stripe gives it", () => {
      const items = {
        data: [
          {
            id: 'si_1',
            current_period_start: END - 1000,
            current_period_end: END,
            price: { id: 'price_max' },
          },
        ],
      };
      expect(mapSubscription(subscription({ items }), known).periodStart).toEqual(
        new Date((END - 1000) * 1000),
      );
    });

    it('grants a period the higher of the invoice plan and the plan in force', () => {
      // A premium renewal paid late, after an upgrade in its period: the period runs on Max.
      expect(periodGrantTier('premium', state({ paidTier: 'max', tier: 'max' }))).toBe('max');
      expect(periodGrantTier('max', state({ paidTier: 'premium' }))).toBe('max');
      expect(periodGrantTier(null, state())).toBe('premium');
      // An ended subscription grants what the invoice paid for, nothing more.
      expect(periodGrantTier('premium', state({ live: false, paidTier: 'max', tier: 'free' }))).toBe(
        'premium',
      );
      expect(periodGrantTier(null, state({ live: false, paidTier: 'max', tier: 'free' }))).toBe('max');
    });

    it('counts the share of a period left in days, today included', () => {
      const start = new Date(Date.UTC(2026, 10, 1));
      const end = new Date(Date.UTC(2026, 11, 1)); // 30 days
      const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour));
      expect(periodShareLeft(start, end, at(1, 0))).toBe(1);
      expect(periodShareLeft(start, end, at(1))).toBe(1);
      expect(periodShareLeft(start, end, at(16))).toBe(15 / 30);
      expect(periodShareLeft(start, end, at(30))).toBe(1 / 30);
      expect(periodShareLeft(start, end, end)).toBe(0);
      expect(periodShareLeft(start, end, new Date(Date.UTC(2027, 0, 1)))).toBe(0);
    });

    it('keeps the plan until the period ends when cancelled at period end', () => {
      const mapped = mapSubscription(subscription({ cancel_at_period_end: true }), known);
      expect(mapped).toMatchObject({
        tier: 'premium',
        cancelAtPeriodEnd: true,
        periodEnd: new Date(END * 1000),
      });
    });

    it('drops to free once the subscription is no longer live', () => {
      for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired']) {
        expect(mapSubscription(subscription({ status, cancel_at_period_end: true }), known)).toMatchObject({
          live: false,
          paidTier: 'premium',
          tier: 'free',
          periodEnd: null,
          periodStart: null,
          cancelAtPeriodEnd: false,
        });
      }
    });

    it('treats a price that is not one of our plans as free', () => {
      expect(mapSubscription(subscription({}, 'price_foreign'), known)).toMatchObject({
        paidTier: null,
        tier: 'free',
      });
    });

    it('gives the row the mapped columns', () => {
      expect(subscriptionRowOf(state({ cancelAtPeriodEnd: true }))).toEqual({
        stripeSubscriptionId: 'sub_1',
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
        subscriptionPeriodEnd: new Date(END * 1000),
        subscriptionCancelAtPeriodEnd: true,
      });
    });
  });

  describe('decideSubscriptionSync', () => {
    it("applies the user's first and own subscription, whatever its status", () => {
      expect(decideSubscriptionSync(row(), state())).toEqual({ apply: true, reason: 'first', upgrade: null });
      expect(
        decideSubscriptionSync(
          row({ stripeSubscriptionId: 'sub_1', subscriptionTier: 'premium', subscriptionStatus: 'active' }),
          state({ status: 'canceled', live: false, tier: 'free' }),
        ),
      ).toEqual({ apply: true, reason: 'same', upgrade: null });
    });

    it('never lets a second live subscription replace one Stripe still reports live (DECISIONS 27)', () => {
      const current = row({
        stripeSubscriptionId: 'sub_old',
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
      });
      const recordedLive = state({ subscriptionId: 'sub_old' });
      expect(decideSubscriptionSync(current, state(), recordedLive)).toEqual({
        apply: false,
        reason: 'duplicate',
        upgrade: null,
      });
      // The row lagged: the recorded one has ended, so the newcomer is the plan.
      const recordedEnded = state({
        subscriptionId: 'sub_old',
        status: 'canceled',
        live: false,
        tier: 'free',
      });
      expect(decideSubscriptionSync(current, state(), recordedEnded).reason).toBe('replaces');
    });

    it('lets a live new subscription replace an ended one, but never an ended one a newer', () => {
      const current = row({ stripeSubscriptionId: 'sub_old', subscriptionStatus: 'canceled' });
      expect(decideSubscriptionSync(current, state()).reason).toBe('replaces');
      const newer = row({
        stripeSubscriptionId: 'sub_new',
        subscriptionTier: 'max',
        subscriptionStatus: 'active',
      });
      expect(decideSubscriptionSync(newer, state({ status: 'canceled', live: false, tier: 'free' }))).toEqual(
        {
          apply: false,
          reason: 'stale',
          upgrade: null,
        },
      );
    });

    it('spots premium → max within the live subscription', () => {
      const premium = row({
        stripeSubscriptionId: 'sub_1',
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
      });
      expect(decideSubscriptionSync(premium, state({ tier: 'max', paidTier: 'max' })).upgrade).toEqual({
        from: 'premium',
        to: 'max',
      });
      const max = row({
        stripeSubscriptionId: 'sub_1',
        subscriptionTier: 'max',
        subscriptionStatus: 'active',
      });
      expect(decideSubscriptionSync(max, state()).upgrade).toBeNull();
      expect(decideSubscriptionSync(row(), state({ tier: 'max', paidTier: 'max' })).upgrade).toBeNull();
    });
  });

  describe('invoices', () => {
    const invoice = {
      id: 'in_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      userIdHint: null,
      billingReason: 'subscription_update',
      periodEnd: new Date(END * 1000),
      chargedPriceIds: ['price_premium', 'price_max'],
    };

    it('pays for the highest plan it charges', () => {
      expect(invoiceTier(invoice, known)).toBe('max');
      expect(invoiceTier({ ...invoice, chargedPriceIds: ['price_foreign'] }, known)).toBeNull();
    });

    it('starts a new allocation only for a later period', () => {
      const end = new Date(END * 1000);
      expect(startsNewPeriod(end, null)).toBe(true);
      expect(startsNewPeriod(end, new Date((END - 1) * 1000))).toBe(true);
      expect(startsNewPeriod(end, end)).toBe(false);
      expect(startsNewPeriod(end, new Date((END + 1) * 1000))).toBe(false);
    });
  });
});
