import { type ModelFacts } from '@council/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { AgentEntity } from '../agent/agent.entity';

/** A model an agent can answer with (spec §3 models). Seeded; upserted by (agentId, name). */
@Entity('models')
@Unique('UQ_models_agentId_name', ['agentId', 'name'])
@Check('CHK_models_typicalOutputTokens_positive', '"typicalOutputTokens" > 0')
export class ModelEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_models' })
  id: number;

  @Column({ type: 'integer' })
  agentId: number;

  // An agent's models go with it; question_agents' RESTRICT keys still stop that while a question uses them.
  @ManyToOne(() => AgentEntity, (agent) => agent.models, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'agentId', foreignKeyConstraintName: 'FK_models_agentId' })
  agent?: Relation<AgentEntity>;

  /** The model's public name, shown in the UI (e.g. "claude-sonnet-4"). */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The exact model id sent to the provider's API (e.g. "claude-sonnet-4-20250514"). */
  @Column({ type: 'varchar', length: 100 })
  apiModel: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  version: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  capabilities: string[];

  /** Context window in tokens. */
  @Column({ type: 'integer', nullable: true })
  contextWindow: number | null;

  /** Release date, architecture, strengths and training, from the catalogue (DECISIONS 19). */
  @Column({ type: 'jsonb', nullable: true })
  facts: ModelFacts | null;

  /**
   * The model's typical answer in output tokens (hidden reasoning included), from the catalogue:
   * what the Ask screen's quote counts per call. Null reads as TYPICAL_OUTPUT_TOKENS_DEFAULT.
   */
  @Column({ type: 'integer', nullable: true })
  typicalOutputTokens: number | null;

  /**
   * Written by the provider worker for a model its server lists and the catalogue does not know
   * (ProviderEntity.discoverModels): its facts are unknown, and the seed leaves it alone.
   */
  @Column({ type: 'boolean', default: false })
  discovered: boolean;

  /** Order within the agent: the first active model is the agent's default (spec §4). */
  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
