import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The token ledger and the record of Stripe webhook events (ARCHITECTURE "Money and tokens").
 * The trigger makes the ledger append-only in the database itself, not just by convention.
 */
export class BillingLedger1795304460000 implements MigrationInterface {
  name = 'BillingLedger1795304460000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TYPE "ledger_entry_kind" AS ENUM('grant', 'purchase', 'reservation', 'settlement', 'release', 'adjustment')`,
    );
    await queryRunner.query(`CREATE TYPE "ledger_bucket" AS ENUM('monthly', 'purchased')`);

    await queryRunner.query(`
      CREATE TABLE "ledger_entries" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "userId" integer NOT NULL,
        "kind" "ledger_entry_kind" NOT NULL,
        "amount" integer NOT NULL,
        "bucket" "ledger_bucket" NOT NULL,
        "idempotencyKey" character varying(255) NOT NULL,
        "stripeEventId" character varying(255),
        "questionId" integer,
        "responseId" integer,
        "note" text,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_ledger_entries" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_ledger_entries_idempotencyKey" UNIQUE ("idempotencyKey"),
        CONSTRAINT "FK_ledger_entries_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_ledger_entries_questionId" FOREIGN KEY ("questionId") REFERENCES "questions"("id") ON DELETE SET NULL,
        CONSTRAINT "FK_ledger_entries_responseId" FOREIGN KEY ("responseId") REFERENCES "responses"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_ledger_entries_userId_createdAt" ON "ledger_entries" ("userId", "createdAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_ledger_entries_questionId" ON "ledger_entries" ("questionId")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_ledger_entries_responseId" ON "ledger_entries" ("responseId")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_ledger_entries_stripeEventId" ON "ledger_entries" ("stripeEventId")`,
    );

    // Rows may only lose their link to deleted history (the ON DELETE SET NULL above); every other
    // UPDATE and every DELETE is refused. TRUNCATE (tests, resets) is deliberately still possible.
    await queryRunner.query(`
      CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
          AND (to_jsonb(NEW) - 'questionId' - 'responseId') = (to_jsonb(OLD) - 'questionId' - 'responseId')
          AND (NEW."questionId" IS NULL OR NEW."questionId" IS NOT DISTINCT FROM OLD."questionId")
          AND (NEW."responseId" IS NULL OR NEW."responseId" IS NOT DISTINCT FROM OLD."responseId")
        THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'ledger_entries is append-only: % is not allowed', TG_OP
          USING ERRCODE = 'restrict_violation';
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_ledger_entries_append_only"
      BEFORE UPDATE OR DELETE ON "ledger_entries"
      FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"()`);

    await queryRunner.query(`
      CREATE TABLE "stripe_events" (
        "id" character varying(255) NOT NULL,
        "type" character varying(255) NOT NULL,
        "receivedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "processedAt" TIMESTAMP WITH TIME ZONE,
        "payload" jsonb NOT NULL,
        CONSTRAINT "PK_stripe_events" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stripe_events"`);
    await queryRunner.query(`DROP TABLE "ledger_entries"`);
    await queryRunner.query(`DROP FUNCTION "ledger_entries_append_only"()`);
    await queryRunner.query(`DROP TYPE "ledger_bucket"`);
    await queryRunner.query(`DROP TYPE "ledger_entry_kind"`);
  }
}
