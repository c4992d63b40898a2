import { type DataSource } from 'typeorm';
import { preparedQuery } from '../sql/prepared-query';

/**
 * One earlier turn of a conversation as its members' threads carry it (docs/decisions.md,
 * "25. Follow-ups"): the question, each member's own final answer (its last revision with a
 * debate) and the turn's consensus.
 */
export interface ConversationThreadTurn {
  id: number;
  question: string;
  /** The completed consensus; null when the turn had none. */
  consensus: string | null;
  /** By member order: the member's last answer with text (a stopped answer keeps what it wrote). */
  answers: Record<number, string>;
}

const THREAD_SQL = `
  SELECT q."id", q."question",
         (SELECT c."response" FROM "responses" c
           WHERE c."questionId" = q."id" AND c."provider" = 'consensus' AND c."status" = 'completed'
             AND c."response" <> '') AS "consensus",
         COALESCE((SELECT json_object_agg(a."memberOrder", a."response")
                     FROM (SELECT DISTINCT ON (r."memberOrder") r."memberOrder", r."response"
                             FROM "responses" r
                            WHERE r."questionId" = q."id" AND r."memberOrder" IS NOT NULL
                              AND r."status" IN ('completed', 'failed') AND r."response" <> ''
                            ORDER BY r."memberOrder", r."round" DESC) a), '{}'::json) AS "answers"
    FROM "questions" q
   WHERE (q."id" = $1 OR q."conversationId" = $1) AND q."id" < $2
   ORDER BY q."id"`;

interface ThreadRow {
  id: number;
  question: string;
  consensus: string | null;
  answers: Record<string, string>;
}

/** The turns of conversation `conversationId` asked before `beforeId`, oldest first. */
export async function readConversationThread(
  dataSource: DataSource,
  conversationId: number,
  beforeId: number,
): Promise<ConversationThreadTurn[]> {
  const { rows } = await preparedQuery<ThreadRow>(dataSource, THREAD_SQL, [conversationId, beforeId]);
  return rows.map((row) => ({
    id: row.id,
    question: row.question,
    consensus: row.consensus,
    answers: Object.fromEntries(Object.entries(row.answers).map(([order, text]) => [Number(order), text])),
  }));
}

/** Characters one turn adds to member `order`'s thread. */
export function threadTurnChars(turn: ConversationThreadTurn, order: number): number {
  return turn.question.length + (turn.answers[order]?.length ?? 0) + (turn.consensus?.length ?? 0);
}
