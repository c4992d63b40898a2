import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A debate's consensus stores its agreement map (the claims and each member's stance, or the note
 * saying why there is none), and each debate revision whether its member changed position, so the
 * map and a shared debate's replay can say who moved in which round.
 */
export class AgreementMap1795340000000 implements MigrationInterface {
  name = 'AgreementMap1795340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "responses" ADD "agreementMap" jsonb`);
    await queryRunner.query(`ALTER TABLE "responses" ADD "positionChanged" boolean`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "responses" DROP COLUMN "positionChanged"`);
    await queryRunner.query(`ALTER TABLE "responses" DROP COLUMN "agreementMap"`);
  }
}
