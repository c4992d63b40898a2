import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each model's typical answer length in output tokens, from the catalogue, so the Ask screen can
 * quote a question before it is asked. Filled by the catalogue seed; null reads as the default.
 */
export class ModelTypicalOutput1795350000000 implements MigrationInterface {
  name = 'ModelTypicalOutput1795350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "models" ADD "typicalOutputTokens" integer`);
    await queryRunner.query(
      `ALTER TABLE "models" ADD CONSTRAINT "CHK_models_typicalOutputTokens_positive" CHECK ("typicalOutputTokens" > 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "models" DROP CONSTRAINT "CHK_models_typicalOutputTokens_positive"`);
    await queryRunner.query(`ALTER TABLE "models" DROP COLUMN "typicalOutputTokens"`);
  }
}
