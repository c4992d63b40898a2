import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** A persona a council member can take (spec §3 roles). Seeded; upserted by name. */
@Entity('roles')
@Unique('UQ_roles_name', ['name'])
export class RoleEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_roles' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Null is displayed as "Other" (spec §3). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  category: string | null;

  /** System prompt given to the member that takes this role. */
  @Column({ type: 'text' })
  prompt: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
