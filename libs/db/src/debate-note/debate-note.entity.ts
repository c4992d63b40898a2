import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { QuestionEntity } from '../question/question.entity';

/**
 * The asker's note between two debate rounds ("Let me weigh in"): one per pause, which every member
 * reads in the next round. Written only while the question waits for it (questions.pauseEndsAt).
 */
@Entity('debate_notes')
@Index('UQ_debate_notes_questionId_afterRound', ['questionId', 'afterRound'], { unique: true })
export class DebateNoteEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_debate_notes',
  })
  id: number;

  @Column({ type: 'integer' })
  questionId: number;

  @ManyToOne(() => QuestionEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'questionId', foreignKeyConstraintName: 'FK_debate_notes_questionId' })
  question?: Relation<QuestionEntity>;

  /** The round just finished when the note was written (0: the opening answers). */
  @Column({ type: 'integer' })
  afterRound: number;

  @Column({ type: 'text' })
  note: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
