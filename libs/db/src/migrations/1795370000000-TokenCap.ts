import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * "Stop at N tokens": a question may carry its asker's cap, its reservation then never charges
 * beyond the hold, and an answer the cap cut off says so.
 */
export class TokenCap1795370000000 implements MigrationInterface {
  name = 'TokenCap1795370000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "questions" ADD "tokenCap" integer`);
    await queryRunner.query(`ALTER TABLE "responses" ADD "stoppedAtLimit" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "token_reservations" ADD "capped" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "token_reservations" DROP COLUMN "capped"`);
    await queryRunner.query(`ALTER TABLE "responses" DROP COLUMN "stoppedAtLimit"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "tokenCap"`);
  }
}
