import { Injectable, Logger } from '@nestjs/common';
import { PLANS } from '@council/contracts';
import { UserEntity } from '@council/db';
import { planAllowanceReset, planUpgradeTopUp } from '../ledger/ledger.arithmetic';
import { allowanceKey, upgradeKey } from '../ledger/ledger.keys';
import { type EntryRefs, LedgerService, type LockedAccount } from '../ledger/ledger.service';
import { isDemoCustomerId } from '../stripe/stripe-customers.service';
import { StripePricesService } from '../stripe/stripe-prices.service';
import {
  type InvoiceFacts,
  type SubscriptionState,
  type SyncDecision,
  decideSubscriptionSync,
  invoiceTier,
  isLiveStatus,
  mapSubscription,
  periodGrantTier,
  periodShareLeft,
  startsNewPeriod,
  subscriptionRowOf,
} from '../stripe/stripe.mappers';
import { type BillingObjectSource } from '../stripe/stripe.types';

export interface SyncResult {
  state: SubscriptionState;
  decision: SyncDecision;
}

/**
 * Converges a user's row on a subscription as Stripe (or the demo store) reports it now
 * (documenso's sync-stripe-customer-subscription): re-read inside the user's row lock, map, write.
 * Whatever order events arrive in, the last sync wins with the latest truth.
 */
@Injectable()
export class SubscriptionSyncService {
  private readonly logger = new Logger(SubscriptionSyncService.name);

  constructor(
    private readonly ledger: LedgerService,
    private readonly prices: StripePricesService,
  ) {}

  sync(
    userId: number,
    subscriptionId: string,
    source: BillingObjectSource,
    refs: EntryRefs = {},
  ): Promise<SyncResult> {
    return this.ledger.withAccount(userId, (account) =>
      this.syncLocked(account, subscriptionId, source, refs),
    );
  }

  async syncLocked(
    account: LockedAccount,
    subscriptionId: string,
    source: BillingObjectSource,
    refs: EntryRefs = {},
  ): Promise<SyncResult> {
    const subscription = await source.retrieveSubscription(subscriptionId);
    const known = await this.prices.known();
    const state = mapSubscription(subscription, known);
    const { manager, user } = account;
    // Another live subscription while the row shows a live one: re-read the recorded one, since
    // only a plan Stripe still reports live makes the newcomer a duplicate (DECISIONS 27).
    const recorded =
      state.live &&
      user.stripeSubscriptionId &&
      user.stripeSubscriptionId !== state.subscriptionId &&
      isLiveStatus(user.subscriptionStatus)
        ? mapSubscription(await source.retrieveSubscription(user.stripeSubscriptionId), known)
        : null;
    const decision = decideSubscriptionSync(user, state, recorded);
    if (decision.reason === 'duplicate') {
      this.logger.warn(
        `User ${user.id}: subscription ${state.subscriptionId} duplicates live ${user.stripeSubscriptionId}; refunding and cancelling it`,
      );
      await source.cancelDuplicateSubscription(state.subscriptionId);
    }
    if (!decision.apply) return { state, decision };
    if (decision.upgrade && state.periodEnd && state.periodStart) {
      const { from, to } = decision.upgrade;
      const periodLeft = periodShareLeft(state.periodStart, state.periodEnd, new Date());
      await this.ledger.runOnceLocked(account, upgradeKey(state.subscriptionId, to, state.periodEnd), () => ({
        movements: planUpgradeTopUp(PLANS[from].tokenAllowance, PLANS[to].tokenAllowance, periodLeft),
        refs,
      }));
    }
    const patch: Partial<UserEntity> = { ...subscriptionRowOf(state) };
    if (
      state.customerId &&
      state.customerId !== user.stripeCustomerId &&
      (!user.stripeCustomerId || isDemoCustomerId(user.stripeCustomerId))
    ) {
      patch.stripeCustomerId = state.customerId;
    }
    await manager.getRepository(UserEntity).update(user.id, patch);
    Object.assign(user, patch);
    return { state, decision };
  }

  /**
   * The ledger operation a paid invoice's payment bought: an upgrade's proration invoice the
   * upgrade's top-up (upgradeKey, as the sync granted it for the period in force), any other the
   * period's allocation (allowanceKey). A refund or dispute of that payment takes back from it.
   */
  async invoiceGrantKey(invoice: InvoiceFacts, synced: SyncResult): Promise<string> {
    if (invoice.billingReason !== 'subscription_update' || !invoice.subscriptionId) {
      return allowanceKey(invoice.id);
    }
    const tier = invoiceTier(invoice, await this.prices.known());
    const periodEnd = synced.state.periodEnd ?? invoice.periodEnd;
    return tier && periodEnd ? upgradeKey(invoice.subscriptionId, tier, periodEnd) : allowanceKey(invoice.id);
  }

  /**
   * A paid invoice for a new period resets the monthly allocation to the plan's allowance
   * (planAllowanceReset), once per invoice, and moves nextTokenReset to the period's end. A new
   * subscription's first invoice adds the allowance to what an ended plan left.
   */
  async grantPeriodLocked(
    account: LockedAccount,
    invoice: InvoiceFacts,
    synced: SyncResult,
    refs: EntryRefs = {},
  ): Promise<boolean> {
    if (!synced.decision.apply) return false;
    const tier = periodGrantTier(invoiceTier(invoice, await this.prices.known()), synced.state);
    const periodEnd = invoice.periodEnd ?? synced.state.periodEnd;
    if (!tier || !periodEnd || !startsNewPeriod(periodEnd, account.user.nextTokenReset)) return false;
    const result = await this.ledger.runOnceLocked(account, allowanceKey(invoice.id), ({ user }) => ({
      movements: planAllowanceReset(
        user.monthlyTokens,
        PLANS[tier].tokenAllowance,
        invoice.billingReason === 'subscription_create',
      ),
      refs,
    }));
    if (result.duplicate) return false;
    await account.manager.getRepository(UserEntity).update(account.user.id, { nextTokenReset: periodEnd });
    account.user.nextTokenReset = periodEnd;
    return true;
  }
}
