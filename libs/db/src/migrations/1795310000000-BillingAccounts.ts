import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What billing needs on top of the ledger (apps/billing/README.md, "Balances"):
 *
 * - A third ledger bucket, `free`: the allowance a new account starts with. The spec's new-user
 *   defaults (tokensLeft 10000, monthlyTokens 0, purchasedTokens 0) then are a sum of entries.
 * - A trigger that records whatever balance a `users` row is inserted with as its opening ledger
 *   entries, in the same transaction as the insert. So `tokensLeft`, `monthlyTokens` and
 *   `purchasedTokens` equal the sums of the entries from the very first moment, whoever creates
 *   the account (registration, external sign-in, seeds, test fixtures). Users that exist already
 *   get the same opening entries here.
 * - `users.subscriptionCancelAtPeriodEnd`, and a CHECK that tokensLeft covers the two cached
 *   buckets (the rest is the free allowance, which must not go negative either).
 * - `token_reservations`: what each question holds between its reservation and its release.
 *
 * The bucket enum is recreated rather than extended with ADD VALUE: migrations run in one
 * transaction, and PostgreSQL refuses to use a value added in the same transaction.
 */
export class BillingAccounts1795310000000 implements MigrationInterface {
  name = 'BillingAccounts1795310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "ledger_bucket" RENAME TO "ledger_bucket_old"`);
    await queryRunner.query(`CREATE TYPE "ledger_bucket" AS ENUM('monthly', 'purchased', 'free')`);
    await queryRunner.query(
      `ALTER TABLE "ledger_entries" ALTER COLUMN "bucket" TYPE "ledger_bucket" USING "bucket"::text::"ledger_bucket"`,
    );
    await queryRunner.query(`DROP TYPE "ledger_bucket_old"`);

    await queryRunner.query(
      `ALTER TABLE "users" ADD "subscriptionCancelAtPeriodEnd" boolean NOT NULL DEFAULT false`,
    );

    // Opening entries for accounts created before this migration (none has any entry yet).
    await queryRunner.query(`
      INSERT INTO "ledger_entries" ("userId", "kind", "amount", "bucket", "idempotencyKey", "note")
      SELECT u."id", v."kind"::"ledger_entry_kind", v."amount", v."bucket"::"ledger_bucket",
             'account-open:' || u."id" || v."suffix", v."note"
      FROM "users" u
      CROSS JOIN LATERAL (VALUES
        ('grant', u."tokensLeft" - u."monthlyTokens" - u."purchasedTokens", 'free', '', 'Free allowance of a new account'),
        ('adjustment', u."monthlyTokens", 'monthly', '#2', 'Opening balance'),
        ('adjustment', u."purchasedTokens", 'purchased', '#3', 'Opening balance')
      ) AS v("kind", "amount", "bucket", "suffix", "note")
      WHERE v."amount" <> 0
        AND NOT EXISTS (SELECT 1 FROM "ledger_entries" l WHERE l."userId" = u."id")`);

    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "CHK_users_tokens_cover_buckets" CHECK ("tokensLeft" >= "monthlyTokens" + "purchasedTokens")`,
    );

    // Same keys as above ("account-open:<id>", "#2", "#3"): billing treats them as one operation.
    await queryRunner.query(`
      CREATE FUNCTION "users_record_opening_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "ledger_entries" ("userId", "kind", "amount", "bucket", "idempotencyKey", "note")
        SELECT NEW."id", v."kind"::"ledger_entry_kind", v."amount", v."bucket"::"ledger_bucket",
               'account-open:' || NEW."id" || v."suffix", v."note"
        FROM (VALUES
          ('grant', NEW."tokensLeft" - NEW."monthlyTokens" - NEW."purchasedTokens", 'free', '', 'Free allowance of a new account'),
          ('adjustment', NEW."monthlyTokens", 'monthly', '#2', 'Opening balance'),
          ('adjustment', NEW."purchasedTokens", 'purchased', '#3', 'Opening balance')
        ) AS v("kind", "amount", "bucket", "suffix", "note")
        WHERE v."amount" <> 0;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_users_opening_balance"
      AFTER INSERT ON "users"
      FOR EACH ROW EXECUTE FUNCTION "users_record_opening_balance"()`);

    await queryRunner.query(`
      CREATE TABLE "token_reservations" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "userId" integer NOT NULL,
        "questionId" integer NOT NULL,
        "reserved" integer NOT NULL,
        "heldMonthly" integer NOT NULL,
        "heldFree" integer NOT NULL,
        "heldPurchased" integer NOT NULL,
        "consumed" integer NOT NULL DEFAULT 0,
        "released" integer NOT NULL DEFAULT 0,
        "releasedAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_token_reservations" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_token_reservations_questionId" UNIQUE ("questionId"),
        CONSTRAINT "CHK_token_reservations_non_negative" CHECK (
          "reserved" >= 0 AND "heldMonthly" >= 0 AND "heldFree" >= 0 AND "heldPurchased" >= 0
          AND "consumed" >= 0 AND "released" >= 0
        ),
        CONSTRAINT "FK_token_reservations_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_token_reservations_userId" ON "token_reservations" ("userId")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "token_reservations"`);
    await queryRunner.query(`DROP TRIGGER "TRG_users_opening_balance" ON "users"`);
    await queryRunner.query(`DROP FUNCTION "users_record_opening_balance"()`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "CHK_users_tokens_cover_buckets"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "subscriptionCancelAtPeriodEnd"`);
    // Entries cannot be deleted (append-only), so free-allowance entries fold into `monthly`.
    // Rewriting the column is not an UPDATE, so the append-only trigger does not fire.
    await queryRunner.query(`ALTER TYPE "ledger_bucket" RENAME TO "ledger_bucket_old"`);
    await queryRunner.query(`CREATE TYPE "ledger_bucket" AS ENUM('monthly', 'purchased')`);
    await queryRunner.query(
      `ALTER TABLE "ledger_entries" ALTER COLUMN "bucket" TYPE "ledger_bucket"
       USING (CASE WHEN "bucket"::text = 'free' THEN 'monthly' ELSE "bucket"::text END)::"ledger_bucket"`,
    );
    await queryRunner.query(`DROP TYPE "ledger_bucket_old"`);
  }
}
