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

/**
 * The tokens a question holds between its reservation and its release (ARCHITECTURE "Money and
 * tokens"). Every change here goes with ledger entries in the same transaction: a reservation
 * moves tokens from the balance into the hold, a release moves them back. `questionId` is
 * deliberately not a foreign key: deleting a question must not lose the record of what it still
 * holds, so the tokens can always be released.
 */
@Entity('token_reservations')
@Unique('UQ_token_reservations_questionId', ['questionId'])
@Index('IDX_token_reservations_userId', ['userId'])
@Check(
  'CHK_token_reservations_non_negative',
  '"reserved" >= 0 AND "heldMonthly" >= 0 AND "heldFree" >= 0 AND "heldPurchased" >= 0 AND "consumed" >= 0 AND "released" >= 0',
)
export class TokenReservationEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_token_reservations',
  })
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_token_reservations_userId' })
  user?: Relation<UserEntity>;

  @Column({ type: 'integer' })
  questionId: number;

  /** Tokens taken from the balance when the question was reserved. */
  @Column({ type: 'integer' })
  reserved: number;

  /** What the hold still keeps, per ledger bucket it came from. */
  @Column({ type: 'integer' })
  heldMonthly: number;

  @Column({ type: 'integer' })
  heldFree: number;

  @Column({ type: 'integer' })
  heldPurchased: number;

  /**
   * The asker's own cap ("Stop at N tokens"): the question is never charged beyond what was
   * reserved, so usage past the hold is not taken from the balance.
   */
  @Column({ type: 'boolean', default: false })
  capped: boolean;

  /** Kept held while a debate waits for the asker's note (questionHold); null: not trimmed. */
  @Column({ type: 'integer', nullable: true })
  pauseHold: number | null;

  /** Usage settled against the hold so far. */
  @Column({ type: 'integer', default: 0 })
  consumed: number;

  /** Given back to the balance when the question finished. */
  @Column({ type: 'integer', default: 0 })
  released: number;

  /** Set once by the final release; later releases are no-ops. */
  @Column({ type: 'timestamptz', nullable: true })
  releasedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
