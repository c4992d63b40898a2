import { type Provider } from '@council/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { ModelEntity } from '../model/model.entity';

/**
 * A catalogue assistant (spec §3 agents), seeded from `catalogue/catalogue.yaml`.
 * The seed upserts by (provider, name), so ids survive re-seeding and questions keep pointing at them.
 */
@Entity('agents')
@Unique('UQ_agents_provider_name', ['provider', 'name'])
export class AgentEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_agents' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The key of its provider (providers.key), checked by the catalogue seed. */
  @Column({ type: 'varchar', length: 32 })
  provider: Provider;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  logoUrl: string | null;

  /**
   * Order in the catalogue file. The default council is the first agent of each provider (spec §4),
   * so lists must be read ordered by position, never by id or name.
   */
  @Column({ type: 'integer', default: 0 })
  position: number;

  /** False once the entry is removed from the catalogue file; kept because old questions refer to it. */
  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @OneToMany(() => ModelEntity, (model) => model.agent)
  models?: Relation<ModelEntity[]>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
