import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Holds the size of the quote (DECISIONS 26): `token_reservations.pauseHold` is what a debate keeps
 * held while it waits for the asker's note (one revision round of its quote, twice over).
 */
export class HoldPause1795410000000 implements MigrationInterface {
  name = 'HoldPause1795410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "token_reservations" ADD "pauseHold" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "token_reservations" DROP COLUMN "pauseHold"`);
  }
}
