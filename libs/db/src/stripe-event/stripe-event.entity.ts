import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A Stripe webhook event, recorded by its id before it is handled: the primary key turns a
 * duplicate or replayed delivery into a no-op (docs/architecture.md).
 */
@Entity('stripe_events')
export class StripeEventEntity {
  /** Stripe's event id (`evt_…`). */
  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'PK_stripe_events' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  type: string;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt: Date;

  /** Null until handling finished; a crash in between leaves it null for Stripe's retry to finish. */
  @Column({ type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;
}
