import {
  type AgreementMapResult,
  CONSENSUS_PROVIDER,
  QUESTION_CANCELLED_MESSAGE,
  type ResponseStatus,
  type TokenUsage,
} from '@council/contracts';
import { ResponseEntity, preparedQuery } from '@council/db';
import { type StoredMemberAnswer } from '@council/llm';
import { type DataSource } from 'typeorm';

/** The job's response row. */
export interface StoredRow {
  id: number;
  status: ResponseStatus;
}

/** Which response row a job writes: the consensus's, or a member's answer of one round. */
export interface ResponseRowKey {
  questionId: number;
  consensus: boolean;
  memberOrder: number;
  round: number;
}

/** What a completed or cancelled answer stores. */
export interface AnswerFields {
  response: string;
  reasoning: string | null;
  usage: TokenUsage;
}

/** What a completed answer stores besides its text and usage. */
export interface CompletedFields extends AnswerFields {
  debateLog: string | null;
  /** Debate revisions: whether the member changed its position. */
  positionChanged: boolean | null;
  /** The consensus: its agreement map. */
  agreementMap: AgreementMapResult | null;
  /** The question's token cap cut the answer off. */
  stoppedAtLimit: boolean;
}

/** The SQL of the answers a provider job writes (responses). */
export class ResponsesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The row a previous run created (the job is a retry or a duplicate run). */
  async findOfJob(key: ResponseRowKey): Promise<StoredRow | null> {
    const responses = this.dataSource.getRepository(ResponseEntity);
    const row = key.consensus
      ? await responses.findOneBy({ questionId: key.questionId, provider: CONSENSUS_PROVIDER })
      : await responses.findOneBy({
          questionId: key.questionId,
          memberOrder: key.memberOrder,
          round: key.round,
        });
    return row ? { id: row.id, status: row.status } : null;
  }

  async get(id: number): Promise<ResponseEntity> {
    return this.dataSource.getRepository(ResponseEntity).findOneByOrFail({ id });
  }

  /**
   * Stores the answer unless it is stored already, and returns the stored usage. RETURNING saves a
   * read on the usual path; a row completed before (a duplicate run) is read.
   */
  async complete(id: number, fields: CompletedFields): Promise<TokenUsage> {
    const { rows } = await preparedQuery<TokenUsage>(
      this.dataSource,
      `UPDATE "responses"
          SET "status" = 'completed', "response" = $2, "reasoning" = $3, "debateLog" = $4, "error" = NULL,
              "promptTokens" = $5, "completionTokens" = $6, "totalTokens" = $7,
              "positionChanged" = $8, "agreementMap" = COALESCE($9::jsonb, "agreementMap"), "stoppedAtLimit" = $10, "updatedAt" = now()
        WHERE "id" = $1 AND "status" <> 'completed'
        RETURNING "promptTokens", "completionTokens", "totalTokens"`,
      [
        id,
        fields.response,
        fields.reasoning,
        fields.debateLog,
        fields.usage.promptTokens,
        fields.usage.completionTokens,
        fields.usage.totalTokens,
        fields.positionChanged,
        fields.agreementMap ? JSON.stringify(fields.agreementMap) : null,
        fields.stoppedAtLimit,
      ],
    );
    const stored = rows[0] ?? (await this.get(id));
    return {
      promptTokens: stored.promptTokens,
      completionTokens: stored.completionTokens,
      totalTokens: stored.totalTokens,
    };
  }

  /**
   * The consensus's agreement map, stored as soon as it is drawn (the synthesis may still be
   * writing), with its calls' usage in the row's token columns until the synthesis's own is added.
   * Only a row still open and without a map takes it; returns whether this one did.
   */
  async storeAgreementMap(id: number, map: AgreementMapResult, usage: TokenUsage): Promise<boolean> {
    const { rowCount } = await preparedQuery(
      this.dataSource,
      `UPDATE "responses"
          SET "agreementMap" = $2::jsonb, "promptTokens" = $3, "completionTokens" = $4, "totalTokens" = $5,
              "updatedAt" = now()
        WHERE "id" = $1 AND "status" IN ('pending', 'streaming') AND "agreementMap" IS NULL`,
      [id, JSON.stringify(map), usage.promptTokens, usage.completionTokens, usage.totalTokens],
    );
    return rowCount > 0;
  }

  /** A map an earlier run of the consensus stored (storeAgreementMap), with its usage; null if none. */
  async storedAgreementMap(id: number): Promise<{ map: AgreementMapResult; usage: TokenUsage } | null> {
    const row = await this.dataSource.getRepository(ResponseEntity).findOneBy({ id });
    if (!row?.agreementMap) return null;
    const { promptTokens, completionTokens, totalTokens } = row;
    return { map: row.agreementMap, usage: { promptTokens, completionTokens, totalTokens } };
  }

  /**
   * Keeps a cancelled answer's partial text, marked with QUESTION_CANCELLED_MESSAGE, unless it was
   * completed; returns whether it did.
   */
  async failCancelled(id: number, fields: AnswerFields): Promise<boolean> {
    const updated: [unknown[], number] = await this.dataSource.query(
      `UPDATE "responses"
          SET "status" = 'failed', "error" = $2, "response" = $3, "reasoning" = $4,
              "promptTokens" = $5, "completionTokens" = $6, "totalTokens" = $7, "updatedAt" = now()
        WHERE "id" = $1 AND "status" <> 'completed'`,
      [
        id,
        QUESTION_CANCELLED_MESSAGE,
        fields.response,
        fields.reasoning,
        fields.usage.promptTokens,
        fields.usage.completionTokens,
        fields.usage.totalTokens,
      ],
    );
    return updated[1] > 0;
  }

  /** Ends the answer with an error and no text, unless it was completed. */
  async fail(id: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "responses" SET "status" = 'failed', "error" = $2, "response" = '', "reasoning" = NULL, "updatedAt" = now()
        WHERE "id" = $1 AND "status" <> 'completed'`,
      [id, error],
    );
  }

  /** A member's answer text of one round; null when it has none. */
  async answerText(questionId: number, memberOrder: number, round: number): Promise<string | null> {
    const row = await this.dataSource
      .getRepository(ResponseEntity)
      .findOneBy({ questionId, memberOrder, round });
    return row ? row.response : null;
  }

  /** Each member's latest successful answer up to `maxRound`, by member. */
  async latestOfMembers(questionId: number, maxRound: number): Promise<StoredMemberAnswer[]> {
    return this.dataSource.query(
      `SELECT DISTINCT ON ("memberOrder") "memberOrder", "round", "response"
         FROM "responses"
        WHERE "questionId" = $1 AND "memberOrder" IS NOT NULL AND "round" <= $2
          AND "status" = 'completed' AND "error" IS NULL
        ORDER BY "memberOrder", "round" DESC`,
      [questionId, maxRound],
    );
  }

  /** The debate rounds in which each member changed its position, ascending, by member order. */
  async positionChanges(questionId: number): Promise<Map<number, number[]>> {
    const rows: Array<{ memberOrder: number; round: number }> = await this.dataSource.query(
      `SELECT "memberOrder", "round" FROM "responses"
        WHERE "questionId" = $1 AND "memberOrder" IS NOT NULL AND "positionChanged" AND "status" = 'completed'
        ORDER BY "memberOrder", "round"`,
      [questionId],
    );
    const changes = new Map<number, number[]>();
    for (const row of rows)
      changes.set(row.memberOrder, [...(changes.get(row.memberOrder) ?? []), row.round]);
    return changes;
  }

  /** The question's completed answers by round, then member (the debate transcript's order). */
  async completedOfQuestion(questionId: number): Promise<ResponseEntity[]> {
    return this.dataSource.getRepository(ResponseEntity).find({
      where: { questionId, status: 'completed' },
      order: { round: 'ASC', memberOrder: 'ASC' },
    });
  }
}
