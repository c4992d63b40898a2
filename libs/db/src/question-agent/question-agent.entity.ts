import {
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
import { ModelEntity } from '../model/model.entity';
import { QuestionEntity } from '../question/question.entity';
import { RoleEntity } from '../role/role.entity';

/** One council member of a question: agent, model, optional role, and its place (spec §3). */
@Entity('question_agents')
@Unique('UQ_question_agents_questionId_order', ['questionId', 'order'])
export class QuestionAgentEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_question_agents',
  })
  id: number;

  @Column({ type: 'integer' })
  questionId: number;

  @ManyToOne(() => QuestionEntity, (question) => question.questionAgents, {
    onDelete: 'CASCADE',
    nullable: false,
  })
  @JoinColumn({ name: 'questionId', foreignKeyConstraintName: 'FK_question_agents_questionId' })
  question?: Relation<QuestionEntity>;

  // Catalogue entries in use are retired (isActive = false), never deleted: RESTRICT keeps history whole.
  @Column({ type: 'integer' })
  agentId: number;

  @ManyToOne(() => AgentEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'agentId', foreignKeyConstraintName: 'FK_question_agents_agentId' })
  agent?: Relation<AgentEntity>;

  @Column({ type: 'integer' })
  modelId: number;

  @ManyToOne(() => ModelEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'modelId', foreignKeyConstraintName: 'FK_question_agents_modelId' })
  model?: Relation<ModelEntity>;

  @Column({ type: 'integer', nullable: true })
  roleId: number | null;

  @ManyToOne(() => RoleEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'roleId', foreignKeyConstraintName: 'FK_question_agents_roleId' })
  role?: Relation<RoleEntity> | null;

  /** 0-based place in the council; also the memberOrder of this member's responses. */
  @Column({ type: 'integer' })
  order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
