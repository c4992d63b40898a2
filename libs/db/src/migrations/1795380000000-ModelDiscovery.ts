import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Model discovery: a provider may offer the models its server lists (`discoverModels`), and a model
 * the provider worker added from such a list is marked `discovered`, so the catalogue seed, which
 * retires every model its file does not name, leaves it alone.
 */
export class ModelDiscovery1795380000000 implements MigrationInterface {
  name = 'ModelDiscovery1795380000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "providers" ADD "discoverModels" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "models" ADD "discovered" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "models" DROP COLUMN "discovered"`);
    await queryRunner.query(`ALTER TABLE "providers" DROP COLUMN "discoverModels"`);
  }
}
