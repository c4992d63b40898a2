import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each model's own facts from the catalogue (release date, architecture, strengths, training), so
 * a card's information describes the model it shows (DECISIONS 19). Filled by the catalogue seed.
 */
export class ModelFacts1795320000000 implements MigrationInterface {
  name = 'ModelFacts1795320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "models" ADD "facts" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "models" DROP COLUMN "facts"`);
  }
}
