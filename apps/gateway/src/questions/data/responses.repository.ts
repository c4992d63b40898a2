import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type AgreementMapResult, type ResponseProvider } from '@council/contracts';
import { ResponseEntity } from '@council/db';
import { DataSource, Repository } from 'typeorm';

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

  async sharedAnswers(questionId: number): Promise<SharedResponseRow[]> {
    return this.dataSource.query<SharedResponseRow[]>(SHARED_RESPONSES_SQL, [questionId]);
  }

  async sharedRounds(questionId: number): Promise<SharedResponseRow[]> {
    return this.dataSource.query<SharedResponseRow[]>(SHARED_ROUNDS_SQL, [questionId]);
  }
}
