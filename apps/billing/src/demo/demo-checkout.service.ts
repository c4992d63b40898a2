import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BILLING_MESSAGES,
  BILLING_RETURN_PATH,
  type BillingDemoConfirmReply,
  type BillingDemoSessionReply,
  CHECKOUT_KIND_PARAM,
  CHECKOUT_RESULT_PARAM,
  type CheckoutKind,
  type CheckoutResult,
  DEMO_CHECKOUT_PATH,
  DEMO_PORTAL_TEXTS,
  type DemoAction,
  PLANS,
  type PortalFlow,
  type SellableTier,
  type TokenPack,
  findPack,
  formatGbp,
} from '@council/contracts';
import { UserEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { DataSource } from 'typeorm';
import { BillingEnv } from '../config/billing.env';
import { StripeCustomersService } from '../stripe/stripe-customers.service';
import { StripeSdkService } from '../stripe/stripe-sdk.service';
import { METADATA } from '../stripe/stripe.constants';
import { type SubscriptionLike } from '../stripe/stripe.types';
import { WebhookEventsService } from '../webhooks/webhook-events.service';
import { DemoObjectSource } from './demo-object-source';
import {
  DEMO_SESSION_TTL_SECONDS,
  cancellingAtPeriodEnd,
  demoEvents,
  demoCharge,
  demoPeriodEndEvents,
  demoSubscription,
  periodEndedNow,
  resumed,
  withTier,
} from './demo.events';
import { DemoStore } from './demo.store';
import { type DemoSession } from './demo.types';

const NUMBER = new Intl.NumberFormat('en-GB');

/** Where checkout, portal and demo pages send the browser back to. */
export function billingReturnUrl(publicUrl: string, result: CheckoutResult, kind: CheckoutKind): string {
  const url = new URL(BILLING_RETURN_PATH, publicUrl);
  url.searchParams.set(CHECKOUT_RESULT_PARAM, result);
  url.searchParams.set(CHECKOUT_KIND_PARAM, kind);
  return url.toString();
}

/**
 * Demo mode (DECISIONS 14): checkouts lead to a local, clearly labelled page instead of Stripe, and
 * confirming it runs the very fulfilment code a verified webhook runs (WebhookEventsService), fed
 * with the events Stripe would have sent (demo.events.ts).
 */
@Injectable()
export class DemoCheckoutService {
  constructor(
    private readonly config: BillingEnv,
    private readonly store: DemoStore,
    private readonly source: DemoObjectSource,
    private readonly events: WebhookEventsService,
    private readonly customers: StripeCustomersService,
    private readonly stripe: StripeSdkService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  createTopUp(userId: number, pack: TokenPack): Promise<DemoSession> {
    return this.create(userId, 'topup', { packId: pack.id });
  }

  createSubscription(userId: number, tier: SellableTier): Promise<DemoSession> {
    return this.create(userId, 'subscription', { tier });
  }

  createUpgrade(userId: number, subscriptionId: string, tier: SellableTier): Promise<DemoSession> {
    return this.create(userId, 'upgrade', { tier, subscriptionId });
  }

  createPortal(
    userId: number,
    subscriptionId: string | null,
    portalFlow: PortalFlow | null = null,
  ): Promise<DemoSession> {
    return this.create(userId, 'portal', { subscriptionId, portalFlow });
  }

  /** The demo page's own address, on the public origin (the gateway serves it). */
  pageUrl(session: DemoSession): string {
    return new URL(`${DEMO_CHECKOUT_PATH}/${session.id}`, this.config.PUBLIC_URL).toString();
  }

  async get(id: string, userId: number): Promise<BillingDemoSessionReply> {
    const session = await this.load(id, userId);
    return this.view(session, await this.subscriptionOf(session));
  }

  /**
   * Marks the session paid, then applies the events Stripe would send, once: a confirm repeated
   * before they were all applied applies them again (each is idempotent), one repeated after
   * changes nothing, as a Stripe checkout cannot be paid twice. On the demo billing portal,
   * `end-period-now` ends the paid period of a live subscription at once (the labelled demo
   * control of DECISIONS 21): it ends as a cancelled plan does at its period end.
   */
  async confirm(
    id: string,
    userId: number,
    action: DemoAction = 'confirm',
  ): Promise<BillingDemoConfirmReply> {
    const session = await this.load(id, userId);
    if (action === 'confirm' && session.fulfilledAt) return this.confirmReply(session, userId, true);
    const current = await this.subscriptionOf(session);
    if (
      !actionsOf(session, current).includes(action) &&
      !(action === 'confirm' && session.status === 'complete')
    ) {
      throw new DomainException('VALIDATION_FAILED', BILLING_MESSAGES.demoActionUnavailable);
    }
    // Concurrent confirmations all read status "open"; the atomic claim lets exactly one of them
    // complete the session, and only the others answer duplicate.
    const claimed = session.status !== 'complete' && (await this.store.claimCompletion(id));
    const duplicate = action === 'confirm' && !claimed;
    const completedAt = session.completedAt ?? new Date().toISOString();
    if (claimed) await this.store.saveSession({ ...session, status: 'complete', completedAt });
    // A token pack's charge, which the demo refund and dispute controls act on (DECISIONS 27).
    const pack = session.kind === 'topup' && session.packId ? findPack(session.packId) : undefined;
    if (pack) await this.store.createCharge(demoCharge(session, pack, new Date(completedAt)));
    if (action === 'end-period-now' && current) {
      const ended = periodEndedNow(current);
      await this.store.saveSubscription(ended);
      for (const event of demoPeriodEndEvents(session, ended)) await this.events.apply(event, this.source);
    } else {
      const subscription = await this.prepareSubscription(session, current);
      for (const event of demoEvents(session, subscription)) await this.events.apply(event, this.source);
    }
    const fulfilledAt = new Date().toISOString();
    await this.store.saveSession({ ...session, status: 'complete', completedAt, fulfilledAt });
    return this.confirmReply(session, userId, duplicate);
  }

  private async confirmReply(
    session: DemoSession,
    userId: number,
    duplicate: boolean,
  ): Promise<BillingDemoConfirmReply> {
    const user = await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId });
    return {
      id: session.id,
      status: 'complete',
      duplicate,
      redirectUrl: billingReturnUrl(this.config.PUBLIC_URL, 'success', session.kind),
      tier: user.subscriptionTier,
      tokensLeft: user.tokensLeft,
    };
  }

  private async subscriptionOf(session: DemoSession): Promise<SubscriptionLike | null> {
    if (session.kind !== 'upgrade' && session.kind !== 'portal') return null;
    return session.subscriptionId ? this.store.getSubscription(session.subscriptionId) : null;
  }

  /**
   * Writes the subscription as it is after this checkout (deterministic, so repeats agree). The
   * portal's payment-method flow changes nothing about the plan; its cancel flow (and its home
   * page) cancels at the end of the paid period, as Stripe's portal does (DECISIONS 21).
   */
  private async prepareSubscription(
    session: DemoSession,
    current: SubscriptionLike | null,
  ): Promise<SubscriptionLike | null> {
    if (session.kind === 'topup') return null;
    if (session.kind === 'subscription') {
      if (!session.tier) return null;
      const created = demoSubscription(session, session.tier);
      await this.store.saveSubscription(created);
      return created;
    }
    if (!current) return null;
    if (session.kind === 'upgrade') {
      if (!session.tier) return null;
      const upgraded = withTier(current, session.tier);
      await this.store.saveSubscription(upgraded);
      return upgraded;
    }
    if (session.portalFlow === 'payment_method' || current.status === 'canceled') return null;
    if (session.portalFlow === 'resume') {
      if (!current.cancel_at_period_end) return null;
      const renewing = resumed(current);
      await this.store.saveSubscription(renewing);
      return renewing;
    }
    const cancelling = cancellingAtPeriodEnd(current);
    await this.store.saveSubscription(cancelling);
    return cancelling;
  }

  private async create(
    userId: number,
    kind: CheckoutKind,
    fields: Partial<Pick<DemoSession, 'packId' | 'tier' | 'subscriptionId' | 'portalFlow'>>,
  ): Promise<DemoSession> {
    const customerId = await this.customers.ensureDemoCustomer(userId);
    const now = new Date();
    const session: DemoSession = {
      id: `cs_demo_${randomBytes(18).toString('base64url')}`,
      userId,
      kind,
      status: 'open',
      packId: fields.packId ?? null,
      tier: fields.tier ?? null,
      subscriptionId: fields.subscriptionId ?? null,
      portalFlow: fields.portalFlow ?? null,
      customerId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + DEMO_SESSION_TTL_SECONDS * 1000).toISOString(),
      completedAt: null,
    };
    await this.store.saveSession(session);
    return session;
  }

  /** Someone else's session is as unknown as an expired one. */
  private async load(id: string, userId: number): Promise<DemoSession> {
    if (this.stripe.enabled) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.demoOnly);
    const session = await this.store.getSession(id);
    if (!session || session.userId !== userId) {
      throw new DomainException('NOT_FOUND', BILLING_MESSAGES.demoSessionNotFound);
    }
    return session;
  }

  private view(session: DemoSession, subscription: SubscriptionLike | null): BillingDemoSessionReply {
    const pack = session.packId ? findPack(session.packId) : undefined;
    const plan = session.tier ? PLANS[session.tier] : undefined;
    const periodEnd = periodEndOf(subscription);
    const text = describe(session, pack, plan, subscription, periodEnd);
    return {
      id: session.id,
      demo: true,
      mode: 'demo',
      kind: session.kind,
      portalFlow: session.kind === 'portal' ? session.portalFlow : null,
      status: session.status,
      actions: actionsOf(session, subscription),
      periodEnd: periodEnd?.toISOString() ?? null,
      title: text.title,
      description: text.description,
      amountPence: pack ? pack.pricePence : (plan?.monthlyPricePence ?? null),
      currency: 'gbp',
      tokens: pack ? pack.tokens : (plan?.tokenAllowance ?? null),
      tier: session.tier,
      successUrl: billingReturnUrl(this.config.PUBLIC_URL, 'success', session.kind),
      cancelUrl: billingReturnUrl(this.config.PUBLIC_URL, 'cancelled', session.kind),
      expiresAt: session.expiresAt,
    };
  }
}

const NO_PAYMENT = 'Demo mode: no payment is taken and no card is needed.';
const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function isLive(subscription: SubscriptionLike | null): subscription is SubscriptionLike {
  return subscription !== null && subscription.status !== 'canceled';
}

function periodEndOf(subscription: SubscriptionLike | null): Date | null {
  const end = subscription?.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
}

/**
 * What the demo page may do: the portal's end-the-period control for a live plan's cancel flow,
 * and for the resume flow of a plan already cancelling (its card offers Resume, not Cancel).
 */
function actionsOf(session: DemoSession, subscription: SubscriptionLike | null): DemoAction[] {
  if (session.kind !== 'portal') return ['confirm'];
  if (session.portalFlow === 'payment_method') return ['confirm'];
  if (!isLive(subscription)) return [];
  if (session.portalFlow === 'resume') {
    return subscription.cancel_at_period_end ? ['confirm', 'end-period-now'] : [];
  }
  return subscription.cancel_at_period_end ? ['end-period-now'] : ['confirm', 'end-period-now'];
}

function describe(
  session: DemoSession,
  pack: TokenPack | undefined,
  plan: (typeof PLANS)[SellableTier] | undefined,
  subscription: SubscriptionLike | null,
  periodEnd: Date | null,
): { title: string; description: string } {
  switch (session.kind) {
    case 'topup':
      return {
        title: `${pack?.name ?? 'Token pack'} — ${NUMBER.format(pack?.tokens ?? 0)} tokens`,
        description: `${NO_PAYMENT} Confirming adds the tokens to your balance exactly as a paid purchase of ${formatGbp(pack?.pricePence ?? 0)} would.`,
      };
    case 'subscription':
      return {
        title: `${plan?.name ?? 'Paid'} plan — ${formatGbp(plan?.monthlyPricePence ?? 0)} per month`,
        description: `${NO_PAYMENT} Confirming starts the plan and grants its monthly allowance of ${NUMBER.format(plan?.tokenAllowance ?? 0)} tokens.`,
      };
    case 'upgrade':
      return {
        title: `Upgrade to the ${plan?.name ?? 'Max'} plan — ${formatGbp(plan?.monthlyPricePence ?? 0)} per month`,
        description: `${NO_PAYMENT} Confirming upgrades your current subscription at once and raises this month's allowance to ${NUMBER.format(plan?.tokenAllowance ?? 0)} tokens.`,
      };
    case 'portal': {
      if (session.portalFlow === 'payment_method') {
        return {
          title: DEMO_PORTAL_TEXTS.paymentMethodTitle,
          description: DEMO_PORTAL_TEXTS.paymentMethodText,
        };
      }
      if (!isLive(subscription)) {
        return {
          title: DEMO_PORTAL_TEXTS.noSubscriptionTitle,
          description: DEMO_PORTAL_TEXTS.noSubscriptionText,
        };
      }
      const tier = subscription.metadata?.[METADATA.tier];
      const planName = tier === 'premium' || tier === 'max' ? PLANS[tier].name : 'paid';
      const date = periodEnd ? LONG_DATE.format(periodEnd) : 'the renewal date';
      if (session.portalFlow === 'resume') {
        return {
          title: DEMO_PORTAL_TEXTS.resumeTitle(planName),
          description: subscription.cancel_at_period_end
            ? DEMO_PORTAL_TEXTS.resumeText(date)
            : DEMO_PORTAL_TEXTS.notCancellingText(date),
        };
      }
      return {
        title: DEMO_PORTAL_TEXTS.cancelTitle(planName),
        description: subscription.cancel_at_period_end
          ? DEMO_PORTAL_TEXTS.cancellingText(date)
          : DEMO_PORTAL_TEXTS.cancelText(date),
      };
    }
  }
}
