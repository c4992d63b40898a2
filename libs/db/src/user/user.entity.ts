import {
  AUTH_PROVIDERS,
  type AuthProvider,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  type SubscriptionStatus,
  type SubscriptionTier,
} from '@council/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';

/**
 * An account (spec §3 users). Token columns are a cache of the ledger (ARCHITECTURE "Money and
 * tokens"), updated in the same transaction as the ledger row; the CHECK makes "never below zero"
 * hold even if application code gets a race wrong. A trigger records the balance a row is inserted
 * with (the spec's 10,000 free tokens) as its opening ledger entries, so the cache equals the sum
 * of the entries from the first moment (migration BillingAccounts).
 */
@Entity('users')
@Unique('UQ_users_username', ['username'])
@Unique('UQ_users_stripeCustomerId', ['stripeCustomerId'])
@Unique('UQ_users_stripeSubscriptionId', ['stripeSubscriptionId'])
// Emails are optional (external sign-in may not share one), so uniqueness only applies to set ones.
// Store them lower-cased: the index compares them exactly.
@Index('UQ_users_email', ['email'], { unique: true, where: '"email" IS NOT NULL' })
@Index('UQ_users_authProvider_providerId', ['authProvider', 'providerId'], {
  unique: true,
  where: '"providerId" IS NOT NULL',
})
@Index('UQ_users_resetPasswordToken', ['resetPasswordToken'], {
  unique: true,
  where: '"resetPasswordToken" IS NOT NULL',
})
@Check(
  'CHK_users_balances_non_negative',
  '"queriesLeft" >= 0 AND "tokensLeft" >= 0 AND "purchasedTokens" >= 0 AND "monthlyTokens" >= 0',
)
// tokensLeft is monthly + purchased + the free allowance (ledger bucket `free`), never less.
@Check('CHK_users_tokens_cover_buckets', '"tokensLeft" >= "monthlyTokens" + "purchasedTokens"')
@Check('CHK_users_token_debt_non_negative', '"tokenDebt" >= 0')
export class UserEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_users' })
  id: number;

  @Column({ type: 'varchar', length: 255 })
  username: string;

  /** A password hash, never the password. Accounts from external sign-in get an unusable one. */
  @Column({ type: 'varchar', length: 255 })
  password: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ type: 'enum', enum: AUTH_PROVIDERS, enumName: 'user_auth_provider', default: 'local' })
  authProvider: AuthProvider;

  /** The account id at the external sign-in provider (Google, Apple). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeCustomerId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId: string | null;

  @Column({ type: 'enum', enum: SUBSCRIPTION_TIERS, enumName: 'user_subscription_tier', default: 'free' })
  subscriptionTier: SubscriptionTier;

  @Column({
    type: 'enum',
    enum: SUBSCRIPTION_STATUSES,
    enumName: 'user_subscription_status',
    default: 'none',
  })
  subscriptionStatus: SubscriptionStatus;

  /** End of the paid period Stripe reported last; shown as the renewal date (DECISIONS 6). */
  @Column({ type: 'timestamptz', nullable: true })
  subscriptionPeriodEnd: Date | null;

  /** Cancelled in the billing portal: the plan drops to free at subscriptionPeriodEnd. */
  @Column({ type: 'boolean', default: false })
  subscriptionCancelAtPeriodEnd: boolean;

  @Column({ type: 'integer', default: 5 })
  queriesLeft: number;

  @Column({ type: 'integer', default: 10000 })
  tokensLeft: number;

  @Column({ type: 'integer', default: 0 })
  purchasedTokens: number;

  @Column({ type: 'integer', default: 0 })
  monthlyTokens: number;

  /**
   * Tokens owed from refunded or lost charges whose tokens were already spent (DECISIONS 27): a
   * cache of the ledger's `debt` column; the next grant pays it first.
   */
  @Column({ type: 'integer', default: 0 })
  tokenDebt: number;

  /** When the monthly allocation is next refreshed (spec §9: on the billing date). */
  @Column({ type: 'timestamptz', nullable: true })
  nextTokenReset: Date | null;

  /** Store a hash of the reset token, so a leaked database cannot reset passwords. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  resetPasswordToken: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  resetPasswordExpires: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
