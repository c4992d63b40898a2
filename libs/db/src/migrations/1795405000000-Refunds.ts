import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Refunds and disputes (DECISIONS 27): `payment_grants` links each paid charge to the grant it paid
 * for and records how far its refunds and disputes reached the ledger; `ledger_entries.debt` records
 * tokens owed for refunded tokens that were already spent, and `users.tokenDebt` caches their sum.
 */
export class Refunds1795405000000 implements MigrationInterface {
  name = 'Refunds1795405000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "payment_grants" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "userId" integer NOT NULL, "paymentIntentId" character varying(255) NOT NULL, "chargeId" character varying(255), "checkoutSessionId" character varying(255), "invoiceId" character varying(255), "grantKey" character varying(255) NOT NULL, "grantedTokens" integer, "amount" integer, "amountRefunded" integer NOT NULL DEFAULT '0', "disputeStatus" character varying(16), "disputedAmount" integer NOT NULL DEFAULT '0', "revokedTokens" integer NOT NULL DEFAULT '0', "debtTokens" integer NOT NULL DEFAULT '0', "frozenTokens" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_payment_grants_grantKey" UNIQUE ("grantKey"), CONSTRAINT "UQ_payment_grants_paymentIntentId" UNIQUE ("paymentIntentId"), CONSTRAINT "CHK_payment_grants_non_negative" CHECK ("amountRefunded" >= 0 AND "disputedAmount" >= 0 AND "revokedTokens" >= 0 AND "debtTokens" >= 0 AND "frozenTokens" >= 0), CONSTRAINT "PK_payment_grants" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_payment_grants_userId" ON "payment_grants" ("userId")`);
    await queryRunner.query(
      `ALTER TABLE "payment_grants" ADD CONSTRAINT "FK_payment_grants_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    // A new column with a default rewrites no row, so the append-only trigger is not involved.
    await queryRunner.query(`ALTER TABLE "ledger_entries" ADD "debt" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "tokenDebt" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "CHK_users_token_debt_non_negative" CHECK ("tokenDebt" >= 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "CHK_users_token_debt_non_negative"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "tokenDebt"`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP COLUMN "debt"`);
    await queryRunner.query(`ALTER TABLE "payment_grants" DROP CONSTRAINT "FK_payment_grants_userId"`);
    await queryRunner.query(`DROP INDEX "IDX_payment_grants_userId"`);
    await queryRunner.query(`DROP TABLE "payment_grants"`);
  }
}
