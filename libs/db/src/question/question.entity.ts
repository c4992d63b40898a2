import { QUESTION_STATUSES, type QuestionStatus } from '@council/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { AgentEntity } from '../agent/agent.entity';
import { QuestionAgentEntity } from '../question-agent/question-agent.entity';
import { ResponseEntity } from '../response/response.entity';
import { UserEntity } from '../user/user.entity';

/** One question put to a council (spec §3 questions). */
@Entity('questions')
@Unique('UQ_questions_shareId', ['shareId'])
// History lists a user's questions newest first, and retention deletes a user's old ones.
@Index('IDX_questions_userId_createdAt', ['userId', 'createdAt'])
// History lists conversations (first questions) by their latest turn.
@Index('IDX_questions_userId_lastTurnAt', ['userId', 'lastTurnAt'], { where: '"conversationId" IS NULL' })
@Index('IDX_questions_conversationId', ['conversationId'], { where: '"conversationId" IS NOT NULL' })
@Check('CHK_questions_tokens_non_negative', '"totalTokensUsed" >= 0 AND "reservedTokens" >= 0')
export class QuestionEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_questions',
  })
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_questions_userId' })
  user?: Relation<UserEntity>;

  @Column({ type: 'text' })
  question: string;

  /**
   * A follow-up: the conversation's first question, whose deletion takes this one with it; null
   * on a first question (docs/decisions.md, "25. Follow-ups").
   */
  // Also keyed by UQ_questions_one_running_turn (COALESCE("conversationId", "id") while pending or
  // running), an expression index the migration creates and TypeORM leaves alone.
  @Index('UQ_questions_one_running_turn', { synchronize: false })
  @Column({ type: 'integer', nullable: true })
  conversationId: number | null;

  @ManyToOne(() => QuestionEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'conversationId', foreignKeyConstraintName: 'FK_questions_conversationId' })
  conversation?: Relation<QuestionEntity> | null;

  /** A follow-up: how many of the conversation's oldest turns its members' threads leave out. */
  @Column({ type: 'integer', default: 0 })
  threadOmittedTurns: number;

  /** A first question: when the conversation's latest turn was asked (history order, retention). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastTurnAt: Date;

  @Column({ type: 'boolean', default: false })
  showDebate: boolean;

  @Column({ type: 'boolean', default: false })
  showReasoning: boolean;

  /** The debate pauses after each round for the asker's note. */
  @Column({ type: 'boolean', default: false })
  weighIn: boolean;

  /** While the debate waits for a note: the round just finished; null otherwise. */
  @Column({ type: 'integer', nullable: true })
  pausedAfterRound: number | null;

  /** While the debate waits for a note: when it carries on without one; null otherwise. */
  @Column({ type: 'timestamptz', nullable: true })
  pauseEndsAt: Date | null;

  /** "Stop at N tokens": the most the question may spend (its reservation); null for no limit. */
  @Column({ type: 'integer', nullable: true })
  tokenCap: number | null;

  /** The agent whose provider writes the consensus (spec §4, debate leader). */
  @Column({ type: 'integer', nullable: true })
  debateLeaderId: number | null;

  @ManyToOne(() => AgentEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'debateLeaderId', foreignKeyConstraintName: 'FK_questions_debateLeaderId' })
  debateLeader?: Relation<AgentEntity> | null;

  @Column({ type: 'enum', enum: QUESTION_STATUSES, enumName: 'question_status', default: 'pending' })
  status: QuestionStatus;

  @Column({ type: 'integer', default: 0 })
  totalTokensUsed: number;

  /** Tokens reserved from the balance before queuing; settled against actual usage at the end. */
  @Column({ type: 'integer', default: 0 })
  reservedTokens: number;

  @Column({ type: 'boolean', default: false })
  isShared: boolean;

  /** Public, unguessable id in /shared/{shareId}. Cleared on revoke so the old link 404s (DECISIONS 8). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  shareId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  shareTitle: string | null;

  @Column({ type: 'text', nullable: true })
  shareDescription: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  shareExpiresAt: Date | null;

  /**
   * Full-text search over the question text (history search). Postgres keeps it in step; never
   * written by the application and not selected by default.
   */
  @Index('IDX_questions_searchVector', { type: 'gin' })
  @Column({
    type: 'tsvector',
    asExpression: `to_tsvector('english', "question")`,
    generatedType: 'STORED',
    select: false,
    insert: false,
    update: false,
  })
  searchVector?: string;

  @OneToMany(() => ResponseEntity, (response) => response.question)
  responses?: Relation<ResponseEntity[]>;

  @OneToMany(() => QuestionAgentEntity, (questionAgent) => questionAgent.question)
  questionAgents?: Relation<QuestionAgentEntity[]>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
