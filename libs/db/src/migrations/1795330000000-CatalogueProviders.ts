import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Providers come from the catalogue (docs/operations.md, "Adding a provider"): a `providers` table,
 * and agents and responses store the provider's key as text instead of a fixed enum of three. The
 * built-in three are inserted here so existing agents keep a provider before the next seed.
 */
export class CatalogueProviders1795330000000 implements MigrationInterface {
  name = 'CatalogueProviders1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "providers" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "key" character varying(32) NOT NULL,
        "name" character varying(100) NOT NULL,
        "kind" character varying(32) NOT NULL,
        "avatarUrl" character varying(2048),
        "baseUrlEnv" character varying(64),
        "apiKeyEnv" character varying(64),
        "defaultBaseUrl" character varying(2048),
        "position" integer NOT NULL DEFAULT 0,
        "isActive" boolean NOT NULL DEFAULT true,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_providers_key" UNIQUE ("key"),
        CONSTRAINT "CHK_providers_kind" CHECK ("kind" IN ('openai', 'anthropic', 'openai-compatible')),
        CONSTRAINT "PK_providers" PRIMARY KEY ("id")
      )`,
    );
    await queryRunner.query(
      `INSERT INTO "providers" ("key", "name", "kind", "baseUrlEnv", "apiKeyEnv", "position") VALUES
        ('openai', 'OpenAI', 'openai', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 0),
        ('anthropic', 'Anthropic', 'anthropic', 'ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY', 1),
        ('xai', 'xAI', 'openai', 'XAI_BASE_URL', 'XAI_API_KEY', 2)`,
    );
    await queryRunner.query(
      `ALTER TABLE "agents" ALTER COLUMN "provider" TYPE character varying(32) USING "provider"::text`,
    );
    // The consensus index and check compare the column with 'consensus': rebuilt on the new type.
    await dropConsensusRules(queryRunner);
    await queryRunner.query(
      `ALTER TABLE "responses" ALTER COLUMN "provider" TYPE character varying(32) USING "provider"::text`,
    );
    await createConsensusRules(queryRunner);
    await queryRunner.query(`DROP TYPE "agent_provider"`);
    await queryRunner.query(`DROP TYPE "response_provider"`);
  }

  /** Back to three providers: fails if anything refers to another one. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "agent_provider" AS ENUM('openai', 'anthropic', 'xai')`);
    await queryRunner.query(
      `CREATE TYPE "response_provider" AS ENUM('openai', 'anthropic', 'xai', 'consensus')`,
    );
    await dropConsensusRules(queryRunner);
    await queryRunner.query(
      `ALTER TABLE "responses" ALTER COLUMN "provider" TYPE "response_provider" USING "provider"::"response_provider"`,
    );
    await createConsensusRules(queryRunner);
    await queryRunner.query(
      `ALTER TABLE "agents" ALTER COLUMN "provider" TYPE "agent_provider" USING "provider"::"agent_provider"`,
    );
    await queryRunner.query(`DROP TABLE "providers"`);
  }
}

async function dropConsensusRules(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`DROP INDEX "UQ_responses_questionId_consensus"`);
  await queryRunner.query(`ALTER TABLE "responses" DROP CONSTRAINT "CHK_responses_member_or_consensus"`);
}

async function createConsensusRules(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `ALTER TABLE "responses" ADD CONSTRAINT "CHK_responses_member_or_consensus" CHECK (("provider" = 'consensus') = ("memberOrder" IS NULL))`,
  );
  await queryRunner.query(
    `CREATE UNIQUE INDEX "UQ_responses_questionId_consensus" ON "responses" ("questionId") WHERE "provider" = 'consensus'`,
  );
}
