import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type AgreementMapResult, type ResponseProvider } from '@council/contracts';
import { ResponseEntity, answerQuestionAgain, undoAnswerAgain } from '@council/db';
import { DataSource, type EntityManager, Repository } from 'typeorm';

export interface SharedResponseRow {
  id: number;
  provider: ResponseProvider;
  model: string | null;
  response: string;
  reasoning: string | null;
  totalTokens: number;
  memberOrder: number | null;
  round: number;
  positionChanged: boolean | null;
  debateLog: string | null;
  agreementMap: AgreementMapResult | null;
  stoppedAtLimit: boolean;
}

const SHARED_COLUMNS = `r."id", r."provider", m."name" AS "model", r."response", r."reasoning", r."totalTokens",
         r."memberOrder", r."round", r."positionChanged", r."debateLog", r."agreementMap", r."stoppedAtLimit"`;

/** A finished answer: failed, empty and still-streaming rows are never shown on the public page. */
const SHARED_FINISHED = `r."status" = 'completed' AND r."error" IS NULL AND r."response" <> ''`;

/**
 * A finished answer for the public page: each member's latest completed round (its final position
 * after any debate), then the consensus. Failed, empty and still-streaming rows are left out.
 */
const SHARED_RESPONSES_SQL = `
  SELECT DISTINCT ON (r."memberOrder") ${SHARED_COLUMNS}
    FROM "responses" r
    LEFT JOIN "models" m ON m."id" = r."modelId"
   WHERE r."questionId" = $1 AND ${SHARED_FINISHED}
   ORDER BY r."memberOrder" ASC NULLS LAST, r."round" DESC, r."id" DESC`;

/** Every finished member answer of every round, for a shared debate's replay: by round, then member. */
const SHARED_ROUNDS_SQL = `
  SELECT ${SHARED_COLUMNS}
    FROM "responses" r
    LEFT JOIN "models" m ON m."id" = r."modelId"
   WHERE r."questionId" = $1 AND r."memberOrder" IS NOT NULL AND ${SHARED_FINISHED}
   ORDER BY r."round" ASC, r."memberOrder" ASC`;

/** answerAgain found no completed first answer to replace: its transaction is rolled back. */
class NotAnsweredAgain extends Error {}

/** A member's completed answer replaced by a pending one (answerAgain). */
export interface ReplacedAnswer {
  previous: ResponseEntity;
  next: ResponseEntity;
}

/** Every column of a response row but its generated search vector, for restoreAnswer. */
const RESPONSE_COLUMNS = [
  'id',
  'questionId',
  'provider',
  'memberOrder',
  'round',
  'agentId',
  'modelId',
  'roleId',
  'status',
  'response',
  'reasoning',
  'debateLog',
  'error',
  'stoppedAtLimit',
  'positionChanged',
  'agreementMap',
  'promptTokens',
  'completionTokens',
  'totalTokens',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof ResponseEntity)[];

/** The SQL of stored answers (responses). */
@Injectable()
export class ResponsesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ResponseEntity) private readonly responses: Repository<ResponseEntity>,
  ) {}

  /** One answer of the question, or null when it is not one of its answers. */
  async findOfQuestion(questionId: number, responseId: number): Promise<ResponseEntity | null> {
    return this.responses.findOneBy({ id: responseId, questionId });
  }

  async get(responseId: number): Promise<ResponseEntity> {
    return this.responses.findOneByOrFail({ id: responseId });
  }

  /** Every answer of the question: by member, then round, consensus last. */
  async ofQuestion(questionId: number): Promise<ResponseEntity[]> {
    return this.responses
      .createQueryBuilder('r')
      .where('r."questionId" = :questionId', { questionId })
      .orderBy('r.memberOrder', 'ASC', 'NULLS LAST')
      .addOrderBy('r.round', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .getMany();
  }

  /** A failed answer back to pending, emptied. The guard on status lets one of two concurrent calls win. */
  async resetFailed(responseId: number): Promise<boolean> {
    const { affected } = await this.responses
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', error: null, response: '', reasoning: null })
      .where('id = :id AND status = :failed', { id: responseId, failed: 'failed' })
      .execute();
    return Boolean(affected);
  }

  /** Puts a reset answer back as it was failed (its retry could not be queued). */
  async restoreFailed(responseId: number, error: string | null): Promise<void> {
    await this.responses.update({ id: responseId }, { status: 'failed', error });
  }

  /** Whether some turn of the conversation (`conversationId`: its first question's id) is pending or running. */
  async conversationRunning(conversationId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "questions"
        WHERE COALESCE("conversationId", "id") = $1 AND "status" IN ('pending', 'running')
        LIMIT 1`,
      [conversationId],
    );
    return rows.length > 0;
  }

  /**
   * Answer again, in one transaction: the completed turn (without a debate) runs again, and the
   * member's completed first answer is replaced by a new pending row of the same member, which the
   * member's job then writes. A new row, because billing settles a response once: the new answer
   * is a new charge. Null when the turn is not completed any more (a concurrent call won) or the
   * answer is not a completed first answer. A unique violation of UQ_questions_one_running_turn
   * (another turn of the conversation runs) is the caller's to map.
   */
  async answerAgain(questionId: number, responseId: number): Promise<ReplacedAnswer | null> {
    return this.dataSource
      .transaction(async (manager) => {
        if (!(await answerQuestionAgain(manager, questionId))) return null;
        const responses = manager.getRepository(ResponseEntity);
        const previous = await responses.findOneBy({
          id: responseId,
          questionId,
          status: 'completed',
          round: 0,
        });
        // Thrown, so the turn's status goes back with the rest of the transaction.
        if (!previous || previous.memberOrder === null) throw new NotAnsweredAgain();
        await responses.delete({ id: previous.id });
        const { identifiers } = await responses.insert({
          questionId,
          provider: previous.provider,
          memberOrder: previous.memberOrder,
          round: 0,
          agentId: previous.agentId,
          modelId: previous.modelId,
          roleId: previous.roleId,
          status: 'pending',
        });
        const next = await responses.findOneByOrFail({ id: (identifiers[0] as { id: number }).id });
        return { previous, next };
      })
      .catch((error: unknown) => {
        if (error instanceof NotAnsweredAgain) return null;
        throw error;
      });
  }

  /**
   * Undoes answerAgain (its job could not be queued): the earlier answer back under its own id, the
   * pending row gone, and the turn completed again.
   */
  async restoreAnswer(replaced: ReplacedAnswer): Promise<void> {
    const { previous, next } = replaced;
    await this.dataSource.transaction(async (manager: EntityManager) => {
      await manager.getRepository(ResponseEntity).delete({ id: next.id });
      const values = RESPONSE_COLUMNS.map((column) =>
        column === 'agreementMap' && previous.agreementMap !== null
          ? JSON.stringify(previous.agreementMap)
          : previous[column],
      );
      await manager.query(
        `INSERT INTO "responses" (${RESPONSE_COLUMNS.map((column) => `"${column}"`).join(', ')})
         OVERRIDING SYSTEM VALUE
         VALUES (${RESPONSE_COLUMNS.map((_column, index) => `$${index + 1}`).join(', ')})`,
        values,
      );
      await undoAnswerAgain(manager, previous.questionId);
    });
  }

  async sharedAnswers(questionId: number): Promise<SharedResponseRow[]> {
    return this.dataSource.query<SharedResponseRow[]>(SHARED_RESPONSES_SQL, [questionId]);
  }

  async sharedRounds(questionId: number): Promise<SharedResponseRow[]> {
    return this.dataSource.query<SharedResponseRow[]>(SHARED_ROUNDS_SQL, [questionId]);
  }
}
