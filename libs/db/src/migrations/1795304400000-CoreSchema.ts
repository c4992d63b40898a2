import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The spec's stored entities (§3): accounts, the catalogue, questions with their council and answers,
 * blog posts. Enum values are written out here, never imported: a migration must not change after
 * it has landed, even when the constants it started from do.
 */
export class CoreSchema1795304400000 implements MigrationInterface {
  name = 'CoreSchema1795304400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "user_auth_provider" AS ENUM('local', 'google', 'apple')`);
    await queryRunner.query(
      `CREATE TYPE "user_subscription_tier" AS ENUM('free', 'premium', 'max', 'enterprise')`,
    );
    await queryRunner.query(
      `CREATE TYPE "user_subscription_status" AS ENUM('none', 'incomplete', 'active', 'trialing', 'past_due', 'canceled', 'unpaid')`,
    );
    await queryRunner.query(`CREATE TYPE "agent_provider" AS ENUM('openai', 'anthropic', 'xai')`);
    await queryRunner.query(
      `CREATE TYPE "question_status" AS ENUM('pending', 'running', 'completed', 'failed', 'cancelled')`,
    );
    await queryRunner.query(
      `CREATE TYPE "response_provider" AS ENUM('openai', 'anthropic', 'xai', 'consensus')`,
    );
    await queryRunner.query(
      `CREATE TYPE "response_status" AS ENUM('pending', 'streaming', 'completed', 'failed')`,
    );

    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "username" character varying(255) NOT NULL,
        "password" character varying(255) NOT NULL,
        "email" character varying(255),
        "name" character varying(255),
        "authProvider" "user_auth_provider" NOT NULL DEFAULT 'local',
        "providerId" character varying(255),
        "stripeCustomerId" character varying(255),
        "stripeSubscriptionId" character varying(255),
        "subscriptionTier" "user_subscription_tier" NOT NULL DEFAULT 'free',
        "subscriptionStatus" "user_subscription_status" NOT NULL DEFAULT 'none',
        "subscriptionPeriodEnd" TIMESTAMP WITH TIME ZONE,
        "queriesLeft" integer NOT NULL DEFAULT 5,
        "tokensLeft" integer NOT NULL DEFAULT 10000,
        "purchasedTokens" integer NOT NULL DEFAULT 0,
        "monthlyTokens" integer NOT NULL DEFAULT 0,
        "nextTokenReset" TIMESTAMP WITH TIME ZONE,
        "resetPasswordToken" character varying(255),
        "resetPasswordExpires" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_users_username" UNIQUE ("username"),
        CONSTRAINT "UQ_users_stripeCustomerId" UNIQUE ("stripeCustomerId"),
        CONSTRAINT "UQ_users_stripeSubscriptionId" UNIQUE ("stripeSubscriptionId"),
        CONSTRAINT "CHK_users_balances_non_negative" CHECK (
          "queriesLeft" >= 0 AND "tokensLeft" >= 0 AND "purchasedTokens" >= 0 AND "monthlyTokens" >= 0
        )
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_users_email" ON "users" ("email") WHERE "email" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_users_authProvider_providerId" ON "users" ("authProvider", "providerId") WHERE "providerId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_users_resetPasswordToken" ON "users" ("resetPasswordToken") WHERE "resetPasswordToken" IS NOT NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE "agents" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "name" character varying(100) NOT NULL,
        "provider" "agent_provider" NOT NULL,
        "description" text,
        "logoUrl" character varying(2048),
        "position" integer NOT NULL DEFAULT 0,
        "isActive" boolean NOT NULL DEFAULT true,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_agents" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_agents_provider_name" UNIQUE ("provider", "name")
      )`);

    await queryRunner.query(`
      CREATE TABLE "models" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "agentId" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "apiModel" character varying(100) NOT NULL,
        "version" character varying(100),
        "description" text,
        "capabilities" text array NOT NULL DEFAULT '{}',
        "contextWindow" integer,
        "position" integer NOT NULL DEFAULT 0,
        "isActive" boolean NOT NULL DEFAULT true,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_models" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_models_agentId_name" UNIQUE ("agentId", "name"),
        CONSTRAINT "FK_models_agentId" FOREIGN KEY ("agentId") REFERENCES "agents"("id") ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE "roles" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "name" character varying(100) NOT NULL,
        "description" text,
        "category" character varying(100),
        "prompt" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        "isActive" boolean NOT NULL DEFAULT true,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_roles" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_roles_name" UNIQUE ("name")
      )`);

    await queryRunner.query(`
      CREATE TABLE "questions" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "userId" integer NOT NULL,
        "question" text NOT NULL,
        "showDebate" boolean NOT NULL DEFAULT false,
        "showReasoning" boolean NOT NULL DEFAULT false,
        "debateLeaderId" integer,
        "status" "question_status" NOT NULL DEFAULT 'pending',
        "totalTokensUsed" integer NOT NULL DEFAULT 0,
        "reservedTokens" integer NOT NULL DEFAULT 0,
        "isShared" boolean NOT NULL DEFAULT false,
        "shareId" character varying(64),
        "shareTitle" character varying(255),
        "shareDescription" text,
        "shareExpiresAt" TIMESTAMP WITH TIME ZONE,
        "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('english', "question")) STORED NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_questions" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_questions_shareId" UNIQUE ("shareId"),
        CONSTRAINT "CHK_questions_tokens_non_negative" CHECK ("totalTokensUsed" >= 0 AND "reservedTokens" >= 0),
        CONSTRAINT "FK_questions_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_questions_debateLeaderId" FOREIGN KEY ("debateLeaderId") REFERENCES "agents"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_questions_userId_createdAt" ON "questions" ("userId", "createdAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_questions_searchVector" ON "questions" USING gin ("searchVector")`,
    );
    // TypeORM compares generated columns against this table's copy of the expression; without the
    // row, schema diffs (migration:generate) would try to recreate the column every time.
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "typeorm_metadata" (
        "type" character varying NOT NULL,
        "database" character varying,
        "schema" character varying,
        "table" character varying,
        "name" character varying,
        "value" text
      )`);
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata" ("database", "schema", "table", "type", "name", "value")
       VALUES (current_database(), current_schema(), 'questions', 'GENERATED_COLUMN', 'searchVector', $1)`,
      [`to_tsvector('english', "question")`],
    );

    await queryRunner.query(`
      CREATE TABLE "question_agents" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "questionId" integer NOT NULL,
        "agentId" integer NOT NULL,
        "modelId" integer NOT NULL,
        "roleId" integer,
        "order" integer NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_question_agents" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_question_agents_questionId_order" UNIQUE ("questionId", "order"),
        CONSTRAINT "FK_question_agents_questionId" FOREIGN KEY ("questionId") REFERENCES "questions"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_question_agents_agentId" FOREIGN KEY ("agentId") REFERENCES "agents"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_question_agents_modelId" FOREIGN KEY ("modelId") REFERENCES "models"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_question_agents_roleId" FOREIGN KEY ("roleId") REFERENCES "roles"("id") ON DELETE SET NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE "responses" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "questionId" integer NOT NULL,
        "provider" "response_provider" NOT NULL,
        "memberOrder" integer,
        "round" integer NOT NULL DEFAULT 0,
        "agentId" integer,
        "modelId" integer,
        "roleId" integer,
        "status" "response_status" NOT NULL DEFAULT 'pending',
        "response" text NOT NULL DEFAULT '',
        "reasoning" text,
        "debateLog" text,
        "error" text,
        "promptTokens" integer NOT NULL DEFAULT 0,
        "completionTokens" integer NOT NULL DEFAULT 0,
        "totalTokens" integer NOT NULL DEFAULT 0,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_responses" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_responses_member_or_consensus" CHECK (("provider" = 'consensus') = ("memberOrder" IS NULL)),
        CONSTRAINT "CHK_responses_tokens_non_negative" CHECK (
          "round" >= 0 AND "promptTokens" >= 0 AND "completionTokens" >= 0 AND "totalTokens" >= 0
        ),
        CONSTRAINT "FK_responses_questionId" FOREIGN KEY ("questionId") REFERENCES "questions"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_responses_agentId" FOREIGN KEY ("agentId") REFERENCES "agents"("id") ON DELETE SET NULL,
        CONSTRAINT "FK_responses_modelId" FOREIGN KEY ("modelId") REFERENCES "models"("id") ON DELETE SET NULL,
        CONSTRAINT "FK_responses_roleId" FOREIGN KEY ("roleId") REFERENCES "roles"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_responses_questionId_memberOrder_round" ON "responses" ("questionId", "memberOrder", "round")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_responses_questionId_consensus" ON "responses" ("questionId") WHERE "provider" = 'consensus'`,
    );

    await queryRunner.query(`
      CREATE TABLE "blog_posts" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "title" character varying(255) NOT NULL,
        "slug" character varying(255) NOT NULL,
        "excerpt" text,
        "content" text NOT NULL,
        "imageUrl" character varying(2048),
        "category" character varying(100),
        "authorId" integer,
        "authorName" character varying(100),
        "publishedAt" TIMESTAMP WITH TIME ZONE,
        "isPublished" boolean NOT NULL DEFAULT true,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_blog_posts" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_blog_posts_slug" UNIQUE ("slug"),
        CONSTRAINT "FK_blog_posts_authorId" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_blog_posts_isPublished_publishedAt" ON "blog_posts" ("isPublished", "publishedAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "blog_posts"`);
    await queryRunner.query(`DROP TABLE "responses"`);
    await queryRunner.query(`DROP TABLE "question_agents"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata"
       WHERE "type" = 'GENERATED_COLUMN' AND "database" = current_database()
         AND "schema" = current_schema() AND "table" = 'questions' AND "name" = 'searchVector'`,
    );
    await queryRunner.query(`DROP TABLE "questions"`);
    await queryRunner.query(`DROP TABLE "roles"`);
    await queryRunner.query(`DROP TABLE "models"`);
    await queryRunner.query(`DROP TABLE "agents"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TYPE "response_status"`);
    await queryRunner.query(`DROP TYPE "response_provider"`);
    await queryRunner.query(`DROP TYPE "question_status"`);
    await queryRunner.query(`DROP TYPE "agent_provider"`);
    await queryRunner.query(`DROP TYPE "user_subscription_status"`);
    await queryRunner.query(`DROP TYPE "user_subscription_tier"`);
    await queryRunner.query(`DROP TYPE "user_auth_provider"`);
  }
}
