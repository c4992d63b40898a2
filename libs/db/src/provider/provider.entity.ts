import { PROVIDER_KINDS, type ProviderKind } from '@council/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';

/**
 * A provider the catalogue names: a built-in one, or an OpenAI-compatible API an operator adds
 * (docs/operations.md, "Adding a provider"). Seeded from `catalogue/catalogue.yaml`, upserted by
 * key. It holds the names of the environment variables with its URL and key, never their values:
 * those stay with the provider worker.
 */
@Entity('providers')
@Unique('UQ_providers_key', ['key'])
@Check('CHK_providers_kind', `"kind" IN (${PROVIDER_KINDS.map((kind) => `'${kind}'`).join(', ')})`)
export class ProviderEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_providers',
  })
  id: number;

  /** The id agents and responses store, e.g. "openai" or "local"; names its queue. */
  @Column({ type: 'varchar', length: 32 })
  key: string;

  /** Shown in the UI, e.g. "Google Gemini". */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  kind: ProviderKind;

  /** A logo URL or /path; null: the agent's initial on a colour. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  avatarUrl: string | null;

  /** The variable holding its base URL, e.g. GEMINI_BASE_URL. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  baseUrlEnv: string | null;

  /** The variable holding its key, e.g. GEMINI_API_KEY; null for a server that needs none. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  apiKeyEnv: string | null;

  /** Used when the base URL variable is unset. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  defaultBaseUrl: string | null;

  /**
   * Offer exactly the models its server lists (GET /v1/models), with the catalogue's facts where a
   * listed model is in the catalogue; the provider worker adds the others (ModelEntity.discovered).
   */
  @Column({ type: 'boolean', default: false })
  discoverModels: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
