import { InjectFlowProducer, InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  askRefusal,
  type AskQuestionDto,
  type AskQuestionResult,
  type CancelQuestionResult,
  JOBS,
  type MemberAnswerJobData,
  type ResponseRow,
  DEBATE_MAX_ROUNDS,
  FINAL_QUESTION_STATUSES,
  PROVIDERS,
  type Provider,
  QUESTION_CANCELLED_MESSAGE,
  QUESTION_CANCEL_TTL_SECONDS,
  QUEUES,
  type QuestionStatus,
  SERVER_MESSAGES,
  answerMaxOutputTokensFor,
  estimateQuestionTokens,
  finaliseJobId,
  jobId,
  questionCancelKey,
  synthesisJobId,
} from '@council/contracts';
import {
  AgentEntity,
  ModelEntity,
  QuestionAgentEntity,
  QuestionEntity,
  ResponseEntity,
  RoleEntity,
  preparedQuery,
} from '@council/db';
import {
  DomainException,
  QuestionStreamWriter,
  REDIS_CLIENT,
  buildQuestionFlow,
  providerJobOptions,
  type RedisClient,
} from '@council/server-kit';
import { FlowProducer, type Job, Queue } from 'bullmq';
import { DataSource, Repository } from 'typeorm';
import { BillingClient } from '../billing/billing.client';
import { BillingRpcException } from '../billing/billing.exception';
import { GatewayEnv } from '../config/gateway.env';
import { type AuthUser } from '../users/users.util';
import {
  CATALOGUE_CACHE_TTL_MS,
  RESPONSE_NOT_FOUND_MESSAGE,
  RETRY_CANCELLED_MESSAGE,
  RETRY_NOT_FAILED_MESSAGE,
  RETRY_WHILE_RUNNING_MESSAGE,
  QUESTION_FINISHED_MESSAGE,
  QUESTION_FLOW_PRODUCER,
  QUESTION_WAIT_POLL_MS,
  QUEUE_UNAVAILABLE_MESSAGE,
} from './questions.constants';
import {
  type CatalogueSnapshot,
  type CouncilPlan,
  TtlCache,
  newQuestionResponse,
  planCouncil,
  plannedAgentResponses,
  toQuestionAgentResponse,
  toQuestionResponse,
  toResponseRow,
} from './questions.util';

/** States of a job that has not started: removing it is safe. */
const NOT_STARTED_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * The question and its council in one statement: a data-modifying CTE is atomic by itself, so it
 * needs no transaction (START and COMMIT were two more round trips on every ask). Members come as
 * parallel arrays; the LEFT JOIN keeps the question id even for a council of none.
 */
const INSERT_QUESTION_SQL = `
  WITH "question" AS (
    INSERT INTO "questions" ("userId", "question", "showDebate", "showReasoning", "debateLeaderId", "status")
    VALUES ($1, $2, $3, $4, $5, 'pending')
    RETURNING "id", "createdAt"
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

interface InsertedQuestion {
  id: number;
  createdAt: Date;
  /** question_agents ids by member order. */
  memberIds: Map<number, number>;
}

function isFinal(status: QuestionStatus): boolean {
  return (FINAL_QUESTION_STATUSES as readonly string[]).includes(status);
}

/**
 * Asking, cancelling and reading a question's council result. Tier rules come from questions.util
 * (libs/contracts' PLANS); tokens are held through billing before anything is queued.
 */
@Injectable()
export class QuestionsService {
  private readonly logger = new Logger(QuestionsService.name);
  private readonly providerQueues: Record<Provider, Queue>;
  private readonly stream: QuestionStreamWriter;
  private readonly catalogue = new TtlCache(() => this.loadCatalogue(), CATALOGUE_CACHE_TTL_MS);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(QuestionEntity) private readonly questions: Repository<QuestionEntity>,
    @InjectRepository(QuestionAgentEntity) private readonly questionAgents: Repository<QuestionAgentEntity>,
    @InjectRepository(ResponseEntity) private readonly responses: Repository<ResponseEntity>,
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
    @InjectRepository(ModelEntity) private readonly models: Repository<ModelEntity>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    @InjectFlowProducer(QUESTION_FLOW_PRODUCER) private readonly flows: FlowProducer,
    @InjectQueue(QUEUES.consensus) private readonly consensusQueue: Queue,
    @InjectQueue(QUEUES.providerOpenai) openaiQueue: Queue,
    @InjectQueue(QUEUES.providerAnthropic) anthropicQueue: Queue,
    @InjectQueue(QUEUES.providerXai) xaiQueue: Queue,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly billing: BillingClient,
    private readonly env: GatewayEnv,
  ) {
    this.providerQueues = { openai: openaiQueue, anthropic: anthropicQueue, xai: xaiQueue };
    this.stream = new QuestionStreamWriter(redis, env.REDIS_PREFIX);
  }

  /**
   * Validates the council against the user's tier, writes the question and its members, reserves
   * tokens (402 writes nothing) and enqueues one flow. With `wait`, answers once the question is
   * final (or QUESTION_WAIT_TIMEOUT_MS passed).
   */
  async ask(user: AuthUser, dto: AskQuestionDto, wait: boolean): Promise<AskQuestionResult> {
    const catalogue = await this.catalogue.get();
    const plan = planCouncil(user.subscriptionTier, dto, catalogue);
    // A balance that certainly cannot pay is refused before anything is written.
    const refusal = askRefusal(user);
    if (refusal) throw new DomainException(refusal.code, refusal.message);
    const question = await this.insertQuestion(user.id, dto, plan);
    await this.reserve(user, question.id, dto, plan, catalogue);
    try {
      await this.flows.add(
        buildQuestionFlow(
          {
            id: question.id,
            userId: user.id,
            showDebate: dto.showDebate,
            showReasoning: dto.showReasoning,
          },
          plan.members,
          { leaderOrder: plan.leaderOrder },
        ),
      );
    } catch (error) {
      this.logger.error(`Question ${question.id} could not be queued: ${describe(error)}`);
      await this.failUnqueued(user.id, question.id, QUEUE_UNAVAILABLE_MESSAGE);
      throw new DomainException('SERVICE_UNAVAILABLE', QUEUE_UNAVAILABLE_MESSAGE);
    }
    if (wait) {
      await this.waitUntilFinal(question.id);
      return this.result(question.id);
    }
    // Answered from what was just written (DECISIONS 12: at once, responses still empty), with no
    // read-back: the asker's subscription follows this answer, and a worker may already stream.
    return {
      question: newQuestionResponse(question, dto, plan),
      responses: [],
      agents: plannedAgentResponses(question.id, plan.members, question.memberIds, catalogue),
    };
  }

  /**
   * Stops a question: raises the cancel signal for active jobs, removes the jobs that have not
   * started, marks it cancelled, gives back what its reservation still holds and ends its stream.
   */
  async cancel(user: AuthUser, questionId: number): Promise<CancelQuestionResult> {
    const question = await this.findOwned(user.id, questionId);
    if (question.status !== 'cancelled') {
      if (isFinal(question.status)) throw new DomainException('CONFLICT', QUESTION_FINISHED_MESSAGE);
      await this.redis.set(
        questionCancelKey(this.env.REDIS_PREFIX, questionId),
        '1',
        'EX',
        QUESTION_CANCEL_TTL_SECONDS,
      );
      await this.removePendingJobs(questionId);
      const { affected } = await this.questions
        .createQueryBuilder()
        .update()
        .set({ status: 'cancelled' })
        .where('id = :id AND status IN (:...running)', { id: questionId, running: ['pending', 'running'] })
        .execute();
      // Only the request that ended the question ends its stream (a worker may have finished it first).
      if (affected) {
        await this.stream.append(questionId, [
          { type: 'question:failed', error: QUESTION_CANCELLED_MESSAGE, reason: 'cancelled' },
        ]);
      }
    }
    // Also on a repeated cancel: a release that failed before (billing down) is done now. Idempotent.
    const release = await this.billing.release(user.id, questionId);
    return {
      question: toQuestionResponse(await this.findOwned(user.id, questionId)),
      releasedTokens: release.duplicate ? 0 : release.released,
    };
  }

  /**
   * Runs one failed member answer again (owner only; a finished question's first-round answers).
   * The response row goes back to pending and the member's job is added again under its
   * deterministic id (the failed job is removed first). A failed attempt never settles usage, so
   * the new attempt's settlement (usage key of that member and round) is the only charge; the
   * question's reservation is released by then, so it is charged to the balance, which must not
   * be empty (402).
   */
  async retry(user: AuthUser, questionId: number, responseId: number): Promise<ResponseRow> {
    const question = await this.findOwned(user.id, questionId);
    const response = await this.responses.findOneBy({ id: responseId, questionId });
    if (!response) throw new DomainException('NOT_FOUND', RESPONSE_NOT_FOUND_MESSAGE);
    if (question.status === 'cancelled') throw new DomainException('CONFLICT', RETRY_CANCELLED_MESSAGE);
    if (!isFinal(question.status)) throw new DomainException('CONFLICT', RETRY_WHILE_RUNNING_MESSAGE);
    if (response.status !== 'failed' || response.memberOrder === null || response.round !== 0) {
      throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    }
    // A query builder, not findOne: findOne with a relation pages by id first (two statements).
    const member = await this.questionAgents
      .createQueryBuilder('member')
      .innerJoinAndSelect('member.agent', 'agent')
      .where('member.questionId = :questionId AND member.order = :order', {
        questionId,
        order: response.memberOrder,
      })
      .getOne();
    if (!member?.agent) throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
    const { tokensLeft } = await this.billing.subscription(user.id);
    if (tokensLeft <= 0) throw new DomainException('INSUFFICIENT_TOKENS', SERVER_MESSAGES.insufficientTokens);

    // The guard on status makes two concurrent retries start one attempt.
    const reset = await this.responses
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', error: null, response: '', reasoning: null })
      .where('id = :id AND status = :failed', { id: response.id, failed: 'failed' })
      .execute();
    if (!reset.affected) throw new DomainException('CONFLICT', RETRY_NOT_FAILED_MESSAGE);

    const queue = this.providerQueues[member.agent.provider];
    const id = jobId(questionId, member.order, 0);
    const data: MemberAnswerJobData = {
      questionId,
      memberOrder: member.order,
      round: 0,
      agentId: member.agentId,
      modelId: member.modelId,
      roleId: member.roleId,
      provider: member.agent.provider,
      userId: user.id,
      showReasoning: question.showReasoning,
    };
    try {
      const previous = await queue.getJob(id);
      if (previous) await previous.remove();
      await queue.add(JOBS.memberAnswer, data, providerJobOptions(id));
    } catch (error) {
      this.logger.error(
        `Question ${questionId}: retry of member ${member.order} not queued: ${describe(error)}`,
      );
      await this.responses.update({ id: response.id }, { status: 'failed', error: response.error });
      throw new DomainException('SERVICE_UNAVAILABLE', QUEUE_UNAVAILABLE_MESSAGE);
    }
    // The member streams again on the question's stream: give it a fresh lifetime.
    await this.stream.expire(questionId).catch(() => undefined);
    return toResponseRow(await this.responses.findOneByOrFail({ id: response.id }));
  }

  /** The question (its owner's only: NOT_FOUND otherwise), its council and its stored answers. */
  async result(questionId: number): Promise<AskQuestionResult> {
    const [{ entity, responses }, members] = await Promise.all([
      this.questionWithResponses(questionId),
      this.questionAgents.find({
        where: { questionId },
        relations: { agent: true, model: true, role: true },
        order: { order: 'ASC' },
      }),
    ]);
    return {
      question: toQuestionResponse(entity),
      responses,
      agents: members.map(toQuestionAgentResponse),
    };
  }

  /** For the socket: the question's status when `userId` owns it, else null. */
  async ownedStatus(userId: number, questionId: number): Promise<QuestionStatus | null> {
    // Prepared: every subscription of every question runs it.
    const {
      rows: [question],
    } = await preparedQuery<{ status: QuestionStatus }>(
      this.dataSource,
      `SELECT "status" FROM "questions" WHERE "id" = $1 AND "userId" = $2`,
      [questionId, userId],
    );
    return question?.status ?? null;
  }

  /** The question and its answers (by member, then round, consensus last) in one statement. */
  private async questionWithResponses(
    questionId: number,
  ): Promise<{ entity: QuestionEntity; responses: ResponseRow[] }> {
    const entity = await this.questions
      .createQueryBuilder('question')
      .leftJoinAndSelect('question.responses', 'response')
      .where('question.id = :questionId', { questionId })
      .orderBy('response.memberOrder', 'ASC')
      .addOrderBy('response.round', 'ASC')
      .addOrderBy('response.id', 'ASC')
      .getOneOrFail();
    return { entity, responses: (entity.responses ?? []).map(toResponseRow) };
  }

  private async findOwned(userId: number, questionId: number): Promise<QuestionEntity> {
    const question = await this.questions.findOneBy({ id: questionId, userId });
    if (!question) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
    return question;
  }

  private async loadCatalogue(): Promise<CatalogueSnapshot> {
    const [agents, models, roles] = await Promise.all([
      this.agents.find({ where: { isActive: true }, order: { position: 'ASC', id: 'ASC' } }),
      this.models.find({
        where: { isActive: true, agent: { isActive: true } },
        order: { position: 'ASC', id: 'ASC' },
      }),
      this.roles.find({ where: { isActive: true } }),
    ]);
    return { agents, models, roles };
  }

  private async insertQuestion(
    userId: number,
    dto: AskQuestionDto,
    plan: CouncilPlan,
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
    ]);
    const [first] = rows;
    if (!first) throw new Error('Inserting a question returned no row');
    const memberIds = new Map<number, number>();
    for (const row of rows) {
      if (row.memberId !== null && row.order !== null) memberIds.set(row.order, row.memberId);
    }
    return { id: first.questionId, createdAt: first.createdAt, memberIds };
  }

  /**
   * Billing needs the question row, so it exists first. A refusal (402, or any 4xx) deletes it
   * again, so nothing is left behind; when billing's answer is unknown (503) the reservation may
   * exist, so it is released and the question kept as failed.
   */
  private async reserve(
    user: AuthUser,
    questionId: number,
    dto: AskQuestionDto,
    plan: CouncilPlan,
    catalogue: CatalogueSnapshot,
  ): Promise<void> {
    const userId = user.id;
    // Exactly what the calls may use: each writes at most the tier's answer length (the provider
    // worker sends the same limit), so a free question holds a fifth of the free allowance.
    const rolePromptLength = Math.max(
      0,
      ...plan.members.map(
        (member) => catalogue.roles.find((role) => role.id === member.roleId)?.prompt.length ?? 0,
      ),
    );
    const maxTokens = estimateQuestionTokens({
      members: plan.members.length,
      questionLength: dto.question.length,
      showDebate: dto.showDebate,
      answerMaxOutputTokens: answerMaxOutputTokensFor(user.subscriptionTier),
      rolePromptLength,
    });
    try {
      await this.billing.reserve(userId, questionId, maxTokens);
    } catch (error) {
      if (error instanceof BillingRpcException && error.body.statusCode < 500) {
        await this.questions.delete({ id: questionId });
      } else {
        await this.failUnqueued(userId, questionId, describe(error));
      }
      throw error;
    }
  }

  /** No job will ever run for this question: give its tokens back and mark it failed. */
  private async failUnqueued(userId: number, questionId: number, reason: string): Promise<void> {
    await this.billing.release(userId, questionId).catch((error: unknown) => {
      this.logger.error(`Question ${questionId}: release after a failed enqueue failed: ${describe(error)}`);
    });
    await this.questions.update({ id: questionId }, { status: 'failed' });
    await this.stream
      .append(questionId, [
        {
          type: 'question:failed',
          error: reason,
          reason: 'error',
        },
      ])
      .catch(() => undefined);
  }

  /**
   * Removes every job of the question that has not started: first answers, debate revisions and the
   * synthesis on the provider queues, then the flow parent once none of its children is running.
   */
  private async removePendingJobs(questionId: number): Promise<void> {
    const members = await this.questionAgents.find({
      where: { questionId },
      relations: { agent: true },
      order: { order: 'ASC' },
    });
    let active = false;
    const tryRemove = async (job: Job | undefined): Promise<void> => {
      if (!job) return;
      const state = await job.getState();
      if (state === 'active') active = true;
      if (!NOT_STARTED_STATES.has(state)) return;
      await job.remove().catch((error: unknown) => {
        active = true;
        this.logger.warn(`Question ${questionId}: job ${job.id ?? '?'} not removed: ${describe(error)}`);
      });
    };
    for (const member of members) {
      const queue = this.providerQueues[member.agent?.provider ?? 'openai'];
      for (let round = 0; round <= DEBATE_MAX_ROUNDS; round += 1) {
        await tryRemove(await queue.getJob(jobId(questionId, member.order, round)));
      }
    }
    for (const provider of PROVIDERS) {
      await tryRemove(await this.providerQueues[provider].getJob(synthesisJobId(questionId)));
    }
    if (!active) await tryRemove(await this.consensusQueue.getJob(finaliseJobId(questionId)));
  }

  private async waitUntilFinal(questionId: number): Promise<void> {
    const deadline = Date.now() + this.env.QUESTION_WAIT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const question = await this.questions.findOne({
        where: { id: questionId },
        select: { id: true, status: true },
      });
      if (!question || isFinal(question.status)) return;
      await new Promise((resolve) => setTimeout(resolve, QUESTION_WAIT_POLL_MS));
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
