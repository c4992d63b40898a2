import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { UserEntity } from '../user/user.entity';

/** Where a charge's dispute stands, as billing last read it (stored values: never rename). */
export const PAYMENT_DISPUTE_STATES = ['open', 'won', 'lost'] as const;
export type PaymentDisputeState = (typeof PAYMENT_DISPUTE_STATES)[number];

/**
 * A payment that granted tokens, linked to what granted them (DECISIONS 27): a token pack's
 * Checkout Session (`purchase:<session>` in the ledger) or a subscription invoice. A charge finds
 * its grant through its PaymentIntent. The row also records how far refunds and disputes of the
 * charge have been carried into the ledger, moved in the same transaction as the entries: tokens
 * revoked so far (of which `debtTokens` were already spent and became a debt) and tokens frozen by
 * an open dispute. A refund that arrives before the grant is recorded here (`grantedTokens` null)
 * and applied when the grant lands.
 */
@Entity('payment_grants')
@Unique('UQ_payment_grants_paymentIntentId', ['paymentIntentId'])
@Unique('UQ_payment_grants_grantKey', ['grantKey'])
@Index('IDX_payment_grants_userId', ['userId'])
@Check(
  'CHK_payment_grants_non_negative',
  '"amountRefunded" >= 0 AND "disputedAmount" >= 0 AND "revokedTokens" >= 0 AND "debtTokens" >= 0 AND "frozenTokens" >= 0',
)
export class PaymentGrantEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_payment_grants',
  })
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_payment_grants_userId' })
  user?: Relation<UserEntity>;

  /** Stripe's PaymentIntent (`pi_…`): what a charge names. */
  @Column({ type: 'varchar', length: 255 })
  paymentIntentId: string;

  /** The latest charge of the PaymentIntent billing has seen, once a charge event named it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  chargeId: string | null;

  /** A token pack's Checkout Session. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  checkoutSessionId: string | null;

  /** A subscription invoice (its period's allowance). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  invoiceId: string | null;

  /** The ledger operation that granted the tokens (`purchase:<session>`, `allowance:<invoice>`). */
  @Column({ type: 'varchar', length: 255 })
  grantKey: string;

  /** Tokens the grant gave; null while the grant has not landed yet. */
  @Column({ type: 'integer', nullable: true })
  grantedTokens: number | null;

  /** The charge in minor units, once read from the charge. */
  @Column({ type: 'integer', nullable: true })
  amount: number | null;

  @Column({ type: 'integer', default: 0 })
  amountRefunded: number;

  @Column({ type: 'varchar', length: 16, nullable: true })
  disputeStatus: PaymentDisputeState | null;

  @Column({ type: 'integer', default: 0 })
  disputedAmount: number;

  /** Tokens taken back for refunds or a lost dispute, in all (removed plus owed). */
  @Column({ type: 'integer', default: 0 })
  revokedTokens: number;

  /** The part of revokedTokens that had been spent and became a ledger debt. */
  @Column({ type: 'integer', default: 0 })
  debtTokens: number;

  /** Tokens an open dispute holds out of the balance. */
  @Column({ type: 'integer', default: 0 })
  frozenTokens: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
