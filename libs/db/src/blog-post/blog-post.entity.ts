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
  UpdateDateColumn,
} from 'typeorm';
import { UserEntity } from '../user/user.entity';

/** A marketing blog post (spec §3 blog_posts); lengths are the spec's limits (§9). */
@Entity('blog_posts')
@Unique('UQ_blog_posts_slug', ['slug'])
// The blog lists published posts newest first.
@Index('IDX_blog_posts_isPublished_publishedAt', ['isPublished', 'publishedAt'])
export class BlogPostEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_blog_posts',
  })
  id: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 255 })
  slug: string;

  @Column({ type: 'text', nullable: true })
  excerpt: string | null;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  imageUrl: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  category: string | null;

  @Column({ type: 'integer', nullable: true })
  authorId: number | null;

  // A post outlives its author's account; authorName keeps the byline.
  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'authorId', foreignKeyConstraintName: 'FK_blog_posts_authorId' })
  author?: Relation<UserEntity> | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  authorName: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @Column({ type: 'boolean', default: true })
  isPublished: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
