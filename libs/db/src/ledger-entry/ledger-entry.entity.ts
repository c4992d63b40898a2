import { LEDGER_ENTRY_KINDS, type LedgerEntryKind } from '@council/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
} from 'typeorm';
import { QuestionEntity } from '../question/question.entity';
import { ResponseEntity } from '../response/response.entity';
import { UserEntity } from '../user/user.entity';
import { LEDGER_BUCKETS, type LedgerBucket } from './ledger-entry.constants';

/**
 * One movement of tokens (ARCHITECTURE "Money and tokens"). Append-only: a trigger rejects DELETE
 * and any UPDATE except the database's own ON DELETE SET NULL of questionId/responseId, so deleting
 * history never erases money records. Balances on `users` are a cache of the sum of these rows.
 */
@Entity('ledger_entries')
@Unique('UQ_ledger_entries_idempotencyKey', ['idempotencyKey'])
@Index('IDX_ledger_entries_userId_createdAt', ['userId', 'createdAt'])
@Index('IDX_ledger_entries_questionId', ['questionId'])
@Index('IDX_ledger_entries_responseId', ['responseId'])
@Index('IDX_ledger_entries_stripeEventId', ['stripeEventId'])
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_ledger_entries',
  })
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  // A user with money history cannot be deleted by accident.
  @ManyToOne(() => UserEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_ledger_entries_userId' })
  user?: Relation<UserEntity>;

  @Column({ type: 'enum', enum: LEDGER_ENTRY_KINDS, enumName: 'ledger_entry_kind' })
  kind: LedgerEntryKind;

  /** Signed token count: positive credits the bucket, negative debits it. */
  @Column({ type: 'integer' })
  amount: number;

  @Column({ type: 'enum', enum: LEDGER_BUCKETS, enumName: 'ledger_bucket' })
  bucket: LedgerBucket;

  /**
   * Signed change of the tokens the account owes (DECISIONS 27): positive when a refunded or lost
   * charge's tokens were already spent, negative when a later grant pays that back. Outside the
   * buckets, so no balance goes below zero; `users.tokenDebt` caches the sum.
   */
  @Column({ type: 'integer', default: 0 })
  debt: number;

  /** Derived from what caused the entry (e.g. `settle:<responseId>`), so a replay is a no-op. */
  @Column({ type: 'varchar', length: 255 })
  idempotencyKey: string;

  /** Not a foreign key: demo-mode fulfilment (DECISIONS 14) has no recorded Stripe event. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeEventId: string | null;

  @Column({ type: 'integer', nullable: true })
  questionId: number | null;

  @ManyToOne(() => QuestionEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'questionId', foreignKeyConstraintName: 'FK_ledger_entries_questionId' })
  question?: Relation<QuestionEntity> | null;

  @Column({ type: 'integer', nullable: true })
  responseId: number | null;

  @ManyToOne(() => ResponseEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'responseId', foreignKeyConstraintName: 'FK_ledger_entries_responseId' })
  response?: Relation<ResponseEntity> | null;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
