import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  CONVERSATION_TEXTS,
  type QuestionStatus,
  type QuestionTurnDto,
  SERVER_MESSAGES,
} from '@council/contracts';
import {
  PG_ERROR_CODES,
  QuestionAgentEntity,
  QuestionEntity,
  ResponseEntity,
  askQuestionSql,
  cancelQuestion,
  failQuestion,
  isConstraintViolation,
  preparedQuery,
} from '@council/db';
import { DomainException } from '@council/server-kit';
import { DataSource, In, Repository } from 'typeorm';
import { type CouncilPlan, type FollowUpTurn } from '../questions.util';

/** The unique index that keeps one turn of a conversation running at a time. */
export const ONE_RUNNING_TURN_INDEX = 'UQ_questions_one_running_turn';
const CONVERSATION_FOREIGN_KEY = 'FK_questions_conversationId';

/**
 * The question and its council in one statement: a data-modifying CTE is atomic by itself, so it
 * needs no transaction (START and COMMIT were two more round trips on every ask). Members come as
 * parallel arrays; the LEFT JOIN keeps the question id even for a council of none.
 */
const INSERT_QUESTION_SQL = `
  WITH "question" AS (
    ${askQuestionSql(
      {
        userId: '$1',
        question: '$2',
        showDebate: '$3',
        showReasoning: '$4',
        debateLeaderId: '$5',
        weighIn: '$10',
        tokenCap: '$11',
        conversationId: '$12',
        threadOmittedTurns: '$13',
      },
      '"id", "createdAt"',
    )}
  ), "conversation" AS (
    UPDATE "questions" SET "lastTurnAt" = now() WHERE "id" = $12 AND "userId" = $1
  ), "members" AS (
    INSERT INTO "question_agents" ("questionId", "agentId", "modelId", "roleId", "order")
    SELECT "question"."id", "member"."agentId", "member"."modelId", "member"."roleId", "member"."order"
      FROM "question",
           unnest($6::integer[], $7::integer[], $8::integer[], $9::integer[])
             AS "member" ("agentId", "modelId", "roleId", "order")
    RETURNING "id", "order"
  )
  SELECT "question"."id" AS "questionId", "question"."createdAt" AS "createdAt",
         "members"."id" AS "memberId", "members"."order" AS "order"
    FROM "question" LEFT JOIN "members" ON TRUE`;

interface InsertedQuestionRow {
  questionId: number;
  createdAt: Date;
  memberId: number | null;
  order: number | null;
}

export interface InsertedQuestion {
  id: number;
  createdAt: Date;
  /** question_agents ids by member order. */
  memberIds: Map<number, number>;
}

/** One page of a user's history as read: the entities and the cursor time of each row. */
export interface HistoryRawRow {
  q_id: number;
  cursor_at: string;
  follow_ups: number;
  last_turn_status: QuestionStatus;
}

export interface HistoryRows {
  entities: QuestionEntity[];
  raw: HistoryRawRow[];
}

export interface HistoryPageQuery {
  limit: number;
  search?: string;
  after: { createdAt: string; id: number } | null;
  /** SQL rendering each row's createdAt for the cursor (history.util). */
  cursorAtSql: string;
}

/** The SQL of questions and their councils (question_agents). Rules live in the services. */
@Injectable()
export class QuestionsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(QuestionEntity) private readonly questions: Repository<QuestionEntity>,
    @InjectRepository(QuestionAgentEntity) private readonly members: Repository<QuestionAgentEntity>,
  ) {}

  /**
   * A follow-up (`turn`) also moves its conversation up the history. The database keeps one turn
   * of a conversation running at a time (UQ_questions_one_running_turn): a second concurrent
   * follow-up is a 409.
   */
  async insert(
    userId: number,
    dto: QuestionTurnDto,
    plan: CouncilPlan,
    turn: FollowUpTurn | null = null,
  ): Promise<InsertedQuestion> {
    const { rows } = await preparedQuery<InsertedQuestionRow>(this.dataSource, INSERT_QUESTION_SQL, [
      userId,
      dto.question,
      dto.showDebate,
      dto.showReasoning,
      plan.debateLeaderId,
      plan.members.map((member) => member.agentId),
      plan.members.map((member) => member.modelId),
      plan.members.map((member) => member.roleId),
      plan.members.map((member) => member.order),
      dto.weighIn,
      dto.tokenCap ?? null,
      turn?.conversationId ?? null,
      turn?.threadOmittedTurns ?? 0,
    ]).catch((error: unknown) => {
      if (isConstraintViolation(error, PG_ERROR_CODES.uniqueViolation, ONE_RUNNING_TURN_INDEX)) {
        throw new DomainException('CONFLICT', CONVERSATION_TEXTS.stillRunning);
      }
      // The conversation was deleted between the read and this write.
      if (isConstraintViolation(error, PG_ERROR_CODES.foreignKeyViolation, CONVERSATION_FOREIGN_KEY)) {
        throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
      }
      throw error;
    });
    const [first] = rows;
    if (!first) throw new Error('Inserting a question returned no row');
    const memberIds = new Map<number, number>();
    for (const row of rows) {
      if (row.memberId !== null && row.order !== null) memberIds.set(row.order, row.memberId);
    }
    return { id: first.questionId, createdAt: first.createdAt, memberIds };
  }

  /** The user's question; someone else's answers exactly like a missing one, so ids reveal nothing. */
  async findOwned(userId: number, questionId: number): Promise<QuestionEntity> {
    const question = await this.questions.findOneBy({ id: questionId, userId });
    if (!question) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    return question;
  }

  /** The question's status when `userId` owns it, else null. Prepared: every socket subscription runs it. */
  async ownedStatus(userId: number, questionId: number): Promise<QuestionStatus | null> {
    const {
      rows: [question],
    } = await preparedQuery<{ status: QuestionStatus }>(
      this.dataSource,
      `SELECT "status" FROM "questions" WHERE "id" = $1 AND "userId" = $2`,
      [questionId, userId],
    );
    return question?.status ?? null;
  }

  async status(questionId: number): Promise<QuestionStatus | null> {
    const question = await this.questions.findOne({
      where: { id: questionId },
      select: { id: true, status: true },
    });
    return question?.status ?? null;
  }

  /** Cancelled only while pending or running; false when something else ended it first. */
  async markCancelledIfRunning(questionId: number): Promise<boolean> {
    return cancelQuestion(this.dataSource, questionId);
  }

  async markFailed(questionId: number): Promise<void> {
    await failQuestion(this.dataSource, questionId);
  }

  /** Removes a question nothing was spent on (its council goes with it, ON DELETE CASCADE). */
  async remove(questionId: number): Promise<void> {
    await this.questions.delete({ id: questionId });
  }

  /** The question with its answers (by member, then round, consensus last) in one statement. */
  async withResponses(questionId: number): Promise<QuestionEntity> {
    return this.questions
      .createQueryBuilder('question')
      .leftJoinAndSelect('question.responses', 'response')
      .where('question.id = :questionId', { questionId })
      .orderBy('response.memberOrder', 'ASC')
      .addOrderBy('response.round', 'ASC')
      .addOrderBy('response.id', 'ASC')
      .getOneOrFail();
  }

  /** The council of one question with agent, model and role, in member order. */
  async council(questionId: number): Promise<QuestionAgentEntity[]> {
    return this.members.find({
      where: { questionId },
      relations: { agent: true, model: true, role: true },
      order: { order: 'ASC' },
    });
  }

  /** The councils of several questions (one query for a history page). */
  async councils(questionIds: readonly number[]): Promise<QuestionAgentEntity[]> {
    if (questionIds.length === 0) return [];
    return this.members.find({
      where: { questionId: In([...questionIds]) },
      relations: { agent: true, model: true, role: true },
      order: { questionId: 'ASC', order: 'ASC' },
    });
  }

  /** The members with their agents (the provider decides the queue), in member order. */
  async membersWithAgents(questionId: number): Promise<QuestionAgentEntity[]> {
    return this.members.find({ where: { questionId }, relations: { agent: true }, order: { order: 'ASC' } });
  }

  /** One member with its agent. A query builder, not findOne: findOne with a relation pages by id first. */
  async memberWithAgent(questionId: number, order: number): Promise<QuestionAgentEntity | null> {
    return this.members
      .createQueryBuilder('member')
      .innerJoinAndSelect('member.agent', 'agent')
      .where('member.questionId = :questionId AND member.order = :order', { questionId, order })
      .getOne();
  }

  /**
   * One page of the user's conversations (first questions), latest turn first (lastTurnAt, then
   * id, both descending), optionally filtered by PostgreSQL full-text search over every turn's
   * question and answers; one extra row tells whether another page follows. Each row also reads
   * its follow-up count and the status of its latest turn.
   */
  async historyPage(userId: number, query: HistoryPageQuery): Promise<HistoryRows> {
    const builder = this.questions
      .createQueryBuilder('q')
      .addSelect(query.cursorAtSql, 'cursor_at')
      .addSelect(`(SELECT count(*)::int FROM "questions" f WHERE f."conversationId" = q."id")`, 'follow_ups')
      .addSelect(
        `COALESCE((SELECT f."status" FROM "questions" f WHERE f."conversationId" = q."id" ORDER BY f."id" DESC LIMIT 1), q."status")`,
        'last_turn_status',
      )
      .where('q."userId" = :userId AND q."conversationId" IS NULL', { userId })
      .orderBy('q.lastTurnAt', 'DESC')
      .addOrderBy('q.id', 'DESC')
      .limit(query.limit + 1);
    if (query.search !== undefined) {
      // websearch_to_tsquery accepts any text (quotes, "or", -word) without syntax errors; the GIN
      // indexes on each searchVector answer it. A conversation matches through any of its turns.
      builder.andWhere(
        `EXISTS (
           SELECT 1 FROM "questions" t
            WHERE (t."id" = q."id" OR t."conversationId" = q."id")
              AND (t."searchVector" @@ websearch_to_tsquery('english', :search)
                   OR EXISTS (SELECT 1 FROM "responses" r
                               WHERE r."questionId" = t."id"
                                 AND r."searchVector" @@ websearch_to_tsquery('english', :search))))`,
        { search: query.search },
      );
    }
    if (query.after) {
      builder.andWhere(`(q."lastTurnAt", q."id") < (CAST(:afterAt AS timestamptz), :afterId)`, {
        afterAt: query.after.createdAt,
        afterId: query.after.id,
      });
    }
    return builder.getRawAndEntities<HistoryRawRow>();
  }

  /** Deletes the user's question with its answers and council in one transaction (NOT_FOUND if gone). */
  async deleteWithAnswers(userId: number, questionId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ResponseEntity, { questionId });
      await manager.delete(QuestionAgentEntity, { questionId });
      const { affected } = await manager.delete(QuestionEntity, { id: questionId, userId });
      // A concurrent delete won the race: roll back and answer like a missing question.
      if (!affected) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    });
  }
}
