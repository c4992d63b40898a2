import { type QuestionStatus } from '@council/contracts';
import { type DataSource } from 'typeorm';

/** What a provider job needs of the council member it runs for. */
export interface JobMember {
  apiModel: string;
  rolePrompt: string | null;
}

/** What a provider job needs of its question before it calls the provider. */
export interface JobContext {
  status: QuestionStatus;
  question: string;
  showDebate: boolean;
  /** Null when the question has no such member (or its model is gone). */
  member: JobMember | null;
}

interface ContextRow {
  status: QuestionStatus;
  question: string;
  showDebate: boolean;
  apiModel: string | null;
  rolePrompt: string | null;
}

/**
 * The question and its member in one statement: with hundreds of answers starting at once, each
 * round trip before the provider call adds to the user's wait for the first token.
 */
export async function loadJobContext(
  dataSource: DataSource,
  questionId: number,
  memberOrder: number,
): Promise<JobContext | null> {
  const rows: ContextRow[] = await dataSource.query(
    `SELECT q."status", q."question", q."showDebate", m."apiModel", r."prompt" AS "rolePrompt"
       FROM "questions" q
       LEFT JOIN "question_agents" qa ON qa."questionId" = q."id" AND qa."order" = $2
       LEFT JOIN "models" m ON m."id" = qa."modelId"
       LEFT JOIN "roles" r ON r."id" = qa."roleId"
      WHERE q."id" = $1`,
    [questionId, memberOrder],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    status: row.status,
    question: row.question,
    showDebate: row.showDebate,
    member: row.apiModel === null ? null : { apiModel: row.apiModel, rolePrompt: row.rolePrompt },
  };
}
