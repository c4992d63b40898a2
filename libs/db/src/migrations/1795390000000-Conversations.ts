import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Conversations (docs/decisions.md, "25. Follow-ups"): a follow-up is a question whose
 * `conversationId` names the conversation's first question, deleted with it. The first question
 * carries `lastTurnAt`, by which history lists and retention ages the whole conversation, and each
 * answer gets a full-text vector so history search finds words in the answers too.
 */
export class Conversations1795390000000 implements MigrationInterface {
  name = 'Conversations1795390000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "questions" ADD "conversationId" integer`);
    await queryRunner.query(
      `ALTER TABLE "questions" ADD CONSTRAINT "FK_questions_conversationId" FOREIGN KEY ("conversationId") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_questions_conversationId" ON "questions" ("conversationId") WHERE "conversationId" IS NOT NULL`,
    );
    // One turn of a conversation runs at a time: a follow-up waits for the turn before it.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_questions_one_running_turn" ON "questions" ((COALESCE("conversationId", "id"))) WHERE "status" IN ('pending', 'running')`,
    );
    await queryRunner.query(`ALTER TABLE "questions" ADD "threadOmittedTurns" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE "questions" ADD "lastTurnAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(`UPDATE "questions" SET "lastTurnAt" = "createdAt"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_questions_userId_lastTurnAt" ON "questions" ("userId", "lastTurnAt") WHERE "conversationId" IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "responses" ADD "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('english', "response")) STORED NOT NULL`,
    );
    // TypeORM compares generated columns against its metadata table's copy of the expression.
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata" ("database", "schema", "table", "type", "name", "value")
       VALUES (current_database(), current_schema(), 'responses', 'GENERATED_COLUMN', 'searchVector', $1)`,
      [`to_tsvector('english', "response")`],
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_responses_searchVector" ON "responses" USING gin ("searchVector")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_responses_searchVector"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata"
        WHERE "type" = 'GENERATED_COLUMN' AND "database" = current_database()
          AND "schema" = current_schema() AND "table" = 'responses' AND "name" = 'searchVector'`,
    );
    await queryRunner.query(`ALTER TABLE "responses" DROP COLUMN "searchVector"`);
    await queryRunner.query(`DROP INDEX "IDX_questions_userId_lastTurnAt"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "lastTurnAt"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "threadOmittedTurns"`);
    await queryRunner.query(`DROP INDEX "UQ_questions_one_running_turn"`);
    await queryRunner.query(`DROP INDEX "IDX_questions_conversationId"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "FK_questions_conversationId"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "conversationId"`);
  }
}
