import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * "Let me weigh in": a question may pause its debate after each round for the asker's note. The
 * pause is stored on the question (so a reload finds it), and the notes in their own table.
 */
export class WeighIn1795360000000 implements MigrationInterface {
  name = 'WeighIn1795360000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "questions" ADD "weighIn" boolean NOT NULL DEFAULT false,
         ADD "pausedAfterRound" integer, ADD "pauseEndsAt" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE TABLE "debate_notes" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "questionId" integer NOT NULL,
        "afterRound" integer NOT NULL,
        "note" text NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_debate_notes" PRIMARY KEY ("id")
      )`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_debate_notes_questionId_afterRound" ON "debate_notes" ("questionId", "afterRound")`,
    );
    await queryRunner.query(
      `ALTER TABLE "debate_notes" ADD CONSTRAINT "FK_debate_notes_questionId" FOREIGN KEY ("questionId")
         REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "debate_notes"`);
    await queryRunner.query(
      `ALTER TABLE "questions" DROP COLUMN "pauseEndsAt", DROP COLUMN "pausedAfterRound", DROP COLUMN "weighIn"`,
    );
  }
}
