import {
  type QuestionStatus,
  type ResponseProvider,
  type ResponseStatus,
  type SubscriptionTier,
} from '@council/contracts';
import { preparedQuery, transitionSql } from '@council/db';
import { type DataSource } from 'typeorm';
import { type StoredRow } from './responses.repository';

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
  /** The asker's tier: it sets the call's max output tokens (answerMaxOutputTokensFor). */
  tier: SubscriptionTier;
  /** The asker's "Stop at N tokens" (TOKEN_CAP); null for no limit. */
  tokenCap: number | null;
  userId: number;
  /** What billing held when the question was asked, top-ups included: an uncapped budget's start. */
  reservedTokens: number;
  /** Null when the question has no such member (or its model is gone). */
  member: JobMember | null;
  /** A follow-up: the conversation's first question; null on a first question. */
  conversationId: number | null;
  /** A follow-up: how many of the oldest turns its threads leave out. */
  threadOmittedTurns: number;
}

/** Which response row a job writes, and for which member. */
export interface JobRowInput {
  questionId: number;
  /** The member whose model and role the job uses (the debate leader for the synthesis). */
  memberOrder: number;
  provider: ResponseProvider;
  /** The row's member: null for the consensus. */
  rowMemberOrder: number | null;
  round: number;
  agentId: number;
  modelId: number;
  roleId: number | null;
  consensus: boolean;
}

export interface StartedJob {
  /** Null when the question does not exist. */
  context: JobContext | null;
  /** The row this run created; null when none was (cancelled, no member, or it exists already). */
  created: StoredRow | null;
}

interface StartRow {
  status: QuestionStatus;
  question: string;
  showDebate: boolean;
  tier: SubscriptionTier;
  tokenCap: number | null;
  userId: number;
  reservedTokens: number;
  conversationId: number | null;
  threadOmittedTurns: number;
  apiModel: string | null;
  rolePrompt: string | null;
  rowId: number | null;
  rowStatus: ResponseStatus | null;
}

/** The question's `start`, unless the job will not run (cancelled, or its member is missing). */
const START_SQL = transitionSql('start', { id: '$1', and: 'EXISTS (SELECT 1 FROM "runnable")' });

/** The SQL a provider job runs before it calls the provider. */
export class JobStartRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Everything a provider job does before it calls the provider, in one statement (with hundreds
   * of answers starting at once, each round trip adds to the user's wait): reads the question and
   * the member, and unless the question is cancelled or the member is missing, marks a pending
   * question running and creates the response row (status streaming). A row that exists already
   * (a retry, a duplicate run) is left as it is: the caller reads it.
   */
  async start(input: JobRowInput): Promise<StartedJob> {
    const conflict = input.consensus
      ? `("questionId") WHERE "provider" = 'consensus'`
      : `("questionId", "memberOrder", "round")`;
    const { rows } = await preparedQuery<StartRow>(
      this.dataSource,
      `WITH "context" AS (
       SELECT q."status", q."question", q."showDebate", q."tokenCap", q."userId", q."reservedTokens", q."conversationId", q."threadOmittedTurns", u."subscriptionTier" AS "tier", m."apiModel",
              r."prompt" AS "rolePrompt"
         FROM "questions" q
         JOIN "users" u ON u."id" = q."userId"
         LEFT JOIN "question_agents" qa ON qa."questionId" = q."id" AND qa."order" = $8
         LEFT JOIN "models" m ON m."id" = qa."modelId"
         LEFT JOIN "roles" r ON r."id" = qa."roleId"
        WHERE q."id" = $1
     ), "runnable" AS (
       SELECT 1 FROM "context" WHERE "status" <> 'cancelled' AND "apiModel" IS NOT NULL
     ), "started" AS (
       ${START_SQL}
     ), "created" AS (
       INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "agentId", "modelId", "roleId", "status")
       SELECT $1::integer, $2::varchar, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, 'streaming'
         FROM "runnable"
       ON CONFLICT ${conflict} DO NOTHING
       RETURNING "id", "status"
     )
     SELECT c.*, "created"."id" AS "rowId", "created"."status" AS "rowStatus"
       FROM "context" c LEFT JOIN "created" ON TRUE`,
      [
        input.questionId,
        input.provider,
        input.rowMemberOrder,
        input.round,
        input.agentId,
        input.modelId,
        input.roleId,
        input.memberOrder,
      ],
    );
    const row = rows[0];
    if (!row) return { context: null, created: null };
    return {
      context: {
        status: row.status,
        question: row.question,
        showDebate: row.showDebate,
        tier: row.tier,
        tokenCap: row.tokenCap,
        userId: row.userId,
        reservedTokens: row.reservedTokens,
        member: row.apiModel === null ? null : { apiModel: row.apiModel, rolePrompt: row.rolePrompt },
        conversationId: row.conversationId,
        threadOmittedTurns: row.threadOmittedTurns,
      },
      created: row.rowId === null || row.rowStatus === null ? null : { id: row.rowId, status: row.rowStatus },
    };
  }
}
