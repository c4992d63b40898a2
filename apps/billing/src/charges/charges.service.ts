import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { findPack } from '@council/contracts';
import { type LedgerBucket, PaymentGrantEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { DataSource } from 'typeorm';
import { allowanceKey, purchaseKey } from '../ledger/ledger.keys';
import { findEndedPeriod } from './ended-period.repository';
import { type EntryRefs, type LockedAccount, LedgerService } from '../ledger/ledger.service';
import { METADATA } from '../stripe/stripe.constants';
import { metadataUserId, parseUserId, refId } from '../stripe/stripe.mappers';
import { type BillingObjectSource, type ChargeLike, type CheckoutSessionLike } from '../stripe/stripe.types';
import { EventUserResolver } from '../webhooks/event-user.resolver';
import { type ChargeFacts, chargeStateKey, disputeStateOf, planChargeConvergence } from './charge.arithmetic';

/** What converging a charge did. */
export type ChargeOutcome = 'adjusted' | 'unchanged' | 'pending' | 'ignored';

/** The grant a charge paid for, before its row exists. */
interface GrantLink {
  paymentIntentId: string;
  checkoutSessionId: string | null;
  invoiceId: string | null;
  grantKey: string;
}

export function chargeFactsOf(charge: ChargeLike): ChargeFacts {
  return {
    chargeId: charge.id,
    amount: charge.amount,
    amountRefunded: charge.amount_refunded,
    disputeId: charge.dispute?.id ?? null,
    dispute: disputeStateOf(charge.dispute?.status),
    disputedAmount: charge.dispute?.amount ?? 0,
  };
}

/**
 * Refunds and disputes (DECISIONS 27). Each paid grant has a payment_grants row linking its
 * PaymentIntent (and, once an event named it, its charge) to the ledger operation that granted the
 * tokens. A charge event re-reads the charge and converges: the ledger is moved from what the row
 * says was applied to what the charge says now, under a key of that state, in the account's locked
 * transaction. Redeliveries and older events find the same state and change nothing; a charge
 * event that arrives before its grant links the charge and waits, and the grant converges it.
 */
@Injectable()
export class ChargesService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly users: EventUserResolver,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** charge.refunded, charge.dispute.*: converge the charge's grant on what Stripe says now. */
  async onChargeChanged(
    chargeId: string,
    source: BillingObjectSource,
    refs: EntryRefs,
  ): Promise<ChargeOutcome> {
    // A charge Stripe does not know (another account's, or a test event) granted nothing here.
    const charge = await source.retrieveCharge(chargeId).catch((error: unknown) => {
      if (error instanceof DomainException && error.code === 'NOT_FOUND') return null;
      throw error;
    });
    if (!charge) return 'ignored';
    const paymentIntentId = refId(charge.payment_intent);
    if (!paymentIntentId) return 'ignored';
    const row = await this.dataSource.getRepository(PaymentGrantEntity).findOne({
      where: { paymentIntentId },
      select: { userId: true },
    });
    let userId = row?.userId ?? null;
    let link: GrantLink | null = null;
    if (userId === null) {
      // The grant has not been linked yet (the event came first, or the grant predates links).
      const session = await source.findCheckoutSessionByPaymentIntent(paymentIntentId);
      if (session) {
        link = packLink(session, paymentIntentId);
        if (!link) return 'ignored';
        userId = await this.users.resolve(
          {
            customerId: refId(session.customer) ?? refId(charge.customer),
            userId: metadataUserId(session.metadata) ?? parseUserId(session.client_reference_id),
          },
          source,
        );
      } else {
        // A subscription invoice's payment: its grant is the period's allowance, once granted (an
        // upgrade's invoice is relinked to its top-up when invoice.paid names it). A duplicate
        // subscription's invoice is never granted, so its refund stays pending: a no-op.
        const invoiceId = await source.findInvoiceByPaymentIntent(paymentIntentId);
        if (!invoiceId) return 'ignored';
        link = invoiceLink(invoiceId, paymentIntentId, allowanceKey(invoiceId));
        userId = await this.users.resolve({ customerId: refId(charge.customer), userId: null }, source);
      }
      if (userId === null) return 'ignored';
    }
    return this.ledger.withAccount(userId, async (account) => {
      const grant = await this.linkLocked(account, link, paymentIntentId, charge.id);
      if (!grant) return 'ignored';
      // Read again under the lock: an event handled at the same time may have applied a later
      // state of the charge (a second partial refund) since the read above.
      return this.convergeLocked(account, grant, await source.retrieveCharge(charge.id), refs);
    });
  }

  /**
   * After a token pack was credited: link its PaymentIntent to the grant, and apply a refund or
   * dispute that arrived before the grant did.
   */
  async afterPackGrantedLocked(
    account: LockedAccount,
    session: CheckoutSessionLike,
    source: BillingObjectSource,
    refs: EntryRefs,
  ): Promise<ChargeOutcome> {
    const paymentIntentId = refId(session.payment_intent);
    const link = paymentIntentId ? packLink(session, paymentIntentId) : null;
    if (!paymentIntentId || !link) return 'ignored';
    const grant = await this.linkLocked(account, link, paymentIntentId, null);
    if (!grant?.chargeId) return 'unchanged';
    return this.convergeLocked(account, grant, await source.retrieveCharge(grant.chargeId), refs);
  }

  /**
   * After invoice.paid granted (or had granted) what the invoice paid for, the operation under
   * `grantKey` (a period's allowance, or an upgrade's top-up): link the invoice's payment to that
   * grant, and apply a refund or dispute that arrived before the grant did.
   */
  async afterInvoiceGrantedLocked(
    account: LockedAccount,
    invoiceId: string,
    grantKey: string,
    source: BillingObjectSource,
    refs: EntryRefs,
  ): Promise<ChargeOutcome> {
    if ((await this.ledger.findOperation(account.manager, grantKey)).length === 0) {
      return 'ignored';
    }
    let grant = await account.manager.getRepository(PaymentGrantEntity).findOneBy({ invoiceId });
    if (!grant) {
      const paymentIntentId = await source.findInvoicePaymentIntent(invoiceId);
      if (!paymentIntentId) return 'ignored';
      grant = await this.linkLocked(
        account,
        invoiceLink(invoiceId, paymentIntentId, grantKey),
        paymentIntentId,
        null,
      );
    } else if (grant.grantKey !== grantKey && grant.grantedTokens === null) {
      // A charge event came first and linked the invoice to a period's allowance; an upgrade's
      // proration invoice paid for its top-up, which nothing has been taken from yet.
      grant.grantKey = grantKey;
      await account.manager.getRepository(PaymentGrantEntity).update(grant.id, { grantKey });
    }
    if (!grant || grant.userId !== account.user.id || !grant.chargeId) return 'unchanged';
    return this.convergeLocked(account, grant, await source.retrieveCharge(grant.chargeId), refs);
  }

  /** The account's paid grants, newest first (the demo's purchases). */
  listForUser(userId: number): Promise<PaymentGrantEntity[]> {
    return this.dataSource
      .getRepository(PaymentGrantEntity)
      .find({ where: { userId }, order: { id: 'DESC' } });
  }

  private async linkLocked(
    account: LockedAccount,
    link: GrantLink | null,
    paymentIntentId: string,
    chargeId: string | null,
  ): Promise<PaymentGrantEntity | null> {
    const repository = account.manager.getRepository(PaymentGrantEntity);
    if (link) {
      await repository
        .createQueryBuilder()
        .insert()
        .values({ ...link, userId: account.user.id, chargeId })
        .orIgnore()
        .execute();
    }
    const grant = await repository.findOneBy({ paymentIntentId });
    if (!grant || grant.userId !== account.user.id) return null;
    if (chargeId && grant.chargeId !== chargeId) {
      grant.chargeId = chargeId;
      await repository.update(grant.id, { chargeId });
    }
    return grant;
  }

  private async convergeLocked(
    account: LockedAccount,
    grant: PaymentGrantEntity,
    charge: ChargeLike,
    refs: EntryRefs,
  ): Promise<ChargeOutcome> {
    const granted = await this.grantedTokens(account, grant.grantKey);
    if (granted === null) return 'pending';
    const bucket: LedgerBucket = grant.invoiceId ? 'monthly' : 'purchased';
    const facts = chargeFactsOf(charge);
    const { movements, next } = planChargeConvergence(
      {
        grantedTokens: granted,
        bucket,
        revokedTokens: grant.revokedTokens,
        debtTokens: grant.debtTokens,
        frozenTokens: grant.frozenTokens,
        dispute: grant.disputeStatus,
      },
      facts,
      bucket === 'monthly' ? account.user.monthlyTokens : account.user.purchasedTokens,
      bucket === 'monthly'
        ? { ended: (await findEndedPeriod(account.manager, account.user.id, grant.grantKey)) ?? undefined }
        : {},
    );
    if (movements.length > 0) {
      await this.ledger.runOnceLocked(account, chargeStateKey(facts), () => ({ movements, refs }));
    }
    await account.manager.getRepository(PaymentGrantEntity).update(grant.id, {
      grantedTokens: granted,
      amount: facts.amount,
      amountRefunded: facts.amountRefunded,
      disputeStatus: next.dispute,
      disputedAmount: facts.disputedAmount,
      revokedTokens: next.revokedTokens,
      debtTokens: next.debtTokens,
      frozenTokens: next.frozenTokens,
    });
    return movements.length > 0 ? 'adjusted' : 'unchanged';
  }

  /** What the grant operation credited, or null when it has not run yet. */
  private async grantedTokens(account: LockedAccount, grantKey: string): Promise<number | null> {
    const entries = await this.ledger.findOperation(account.manager, grantKey);
    if (entries.length === 0) return null;
    return entries
      .filter((entry) => (entry.kind === 'purchase' || entry.kind === 'grant') && entry.amount > 0)
      .reduce((sum, entry) => sum + entry.amount, 0);
  }
}

/** A subscription invoice's payment as the grant a charge links to: what the invoice paid for. */
function invoiceLink(invoiceId: string, paymentIntentId: string, grantKey: string): GrantLink {
  return { paymentIntentId, checkoutSessionId: null, invoiceId, grantKey };
}

/** A paid token pack's Checkout Session as the grant a charge links to. */
function packLink(session: CheckoutSessionLike, paymentIntentId: string): GrantLink | null {
  if (session.mode !== 'payment' || !findPack(session.metadata?.[METADATA.packId] ?? '')) return null;
  return {
    paymentIntentId,
    checkoutSessionId: session.id,
    invoiceId: null,
    grantKey: purchaseKey(session.id),
  };
}
