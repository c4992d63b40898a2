import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Messages from the contact form (DECISIONS 7). */
export class SupportMessages1795304520000 implements MigrationInterface {
  name = 'SupportMessages1795304520000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "support_messages" (
        "id" integer GENERATED ALWAYS AS IDENTITY,
        "name" character varying(100) NOT NULL,
        "email" character varying(255) NOT NULL,
        "subject" character varying(200) NOT NULL,
        "message" text NOT NULL,
        "userId" integer,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_support_messages" PRIMARY KEY ("id"),
        CONSTRAINT "FK_support_messages_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_support_messages_userId" ON "support_messages" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "support_messages"`);
  }
}
