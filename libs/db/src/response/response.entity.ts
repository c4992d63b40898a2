import {
  type AgreementMapResult,
  RESPONSE_STATUSES,
  type ResponseProvider,
  type ResponseStatus,
} from '@council/contracts';
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
  UpdateDateColumn,
} from 'typeorm';
import { AgentEntity } from '../agent/agent.entity';
import { ModelEntity } from '../model/model.entity';
import { QuestionEntity } from '../question/question.entity';
import { RoleEntity } from '../role/role.entity';

/**
 * One answer (spec §3 responses): a member's answer in round 0, its revision in debate round n, or
 * the consensus. Workers insert with ON CONFLICT on the unique keys below, so a retried or duplicated
 * job (job id `questionId:memberOrder:round`) can never store a second answer.
 */
@Entity('responses')
@Index('UQ_responses_questionId_memberOrder_round', ['questionId', 'memberOrder', 'round'], {
  unique: true,
})
// The consensus has no member order (NULLs never collide in a unique index), so it gets its own key.
@Index('UQ_responses_questionId_consensus', ['questionId'], {
  unique: true,
  where: `"provider" = 'consensus'`,
})
@Check('CHK_responses_member_or_consensus', `("provider" = 'consensus') = ("memberOrder" IS NULL)`)
@Check(
  'CHK_responses_tokens_non_negative',
  '"round" >= 0 AND "promptTokens" >= 0 AND "completionTokens" >= 0 AND "totalTokens" >= 0',
)
export class ResponseEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_responses',
  })
  id: number;

  @Column({ type: 'integer' })
  questionId: number;

  @ManyToOne(() => QuestionEntity, (question) => question.responses, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'questionId', foreignKeyConstraintName: 'FK_responses_questionId' })
  question?: Relation<QuestionEntity>;

  /** The member's provider key (providers.key), or 'consensus'. */
  @Column({ type: 'varchar', length: 32 })
  provider: ResponseProvider;

  /** question_agents.order of the member that wrote it; null for the consensus. */
  @Column({ type: 'integer', nullable: true })
  memberOrder: number | null;

  /** 0 is the first answer; 1..n are debate revisions. */
  @Column({ type: 'integer', default: 0 })
  round: number;

  // Copies of the member's catalogue choice, so an answer still names its model after the council changes.
  @Column({ type: 'integer', nullable: true })
  agentId: number | null;

  @ManyToOne(() => AgentEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'agentId', foreignKeyConstraintName: 'FK_responses_agentId' })
  agent?: Relation<AgentEntity> | null;

  @Column({ type: 'integer', nullable: true })
  modelId: number | null;

  @ManyToOne(() => ModelEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'modelId', foreignKeyConstraintName: 'FK_responses_modelId' })
  model?: Relation<ModelEntity> | null;

  @Column({ type: 'integer', nullable: true })
  roleId: number | null;

  @ManyToOne(() => RoleEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'roleId', foreignKeyConstraintName: 'FK_responses_roleId' })
  role?: Relation<RoleEntity> | null;

  @Column({ type: 'enum', enum: RESPONSE_STATUSES, enumName: 'response_status', default: 'pending' })
  status: ResponseStatus;

  /** The answer text; empty while pending and when the member failed (see `error`). */
  @Column({ type: 'text', default: '' })
  response: string;

  @Column({ type: 'text', nullable: true })
  reasoning: string | null;

  @Column({ type: 'text', nullable: true })
  debateLog: string | null;

  /** Set when the provider failed for good; the UI then shows a "Service Issue" card (spec §4). */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The question's token cap cut this answer off; the text before the cut is kept. */
  @Column({ type: 'boolean', default: false })
  stoppedAtLimit: boolean;

  /** A debate revision: whether its member changed position (its "Position:" line); null otherwise. */
  @Column({ type: 'boolean', nullable: true })
  positionChanged: boolean | null;

  /** A debate's consensus: the agreement map or the note saying why there is none. */
  @Column({ type: 'jsonb', nullable: true })
  agreementMap: AgreementMapResult | null;

  /** Full-text search over the answer (history search); kept by PostgreSQL, never selected. */
  @Index('IDX_responses_searchVector', { type: 'gin' })
  @Column({
    type: 'tsvector',
    asExpression: `to_tsvector('english', "response")`,
    generatedType: 'STORED',
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;

  @Column({ type: 'integer', default: 0 })
  promptTokens: number;

  @Column({ type: 'integer', default: 0 })
  completionTokens: number;

  @Column({ type: 'integer', default: 0 })
  totalTokens: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
