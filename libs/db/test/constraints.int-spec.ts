import { randomUUID } from 'node:crypto';
import { type DataSource, In } from 'typeorm';
import { AgentEntity } from '../src/agent/agent.entity';
import { DEFAULT_CATALOGUE_FILE, loadCatalogueFile } from '../src/catalogue/catalogue.loader';
import { seedCatalogue } from '../src/catalogue/catalogue.seeder';
import { LedgerEntryEntity } from '../src/ledger-entry/ledger-entry.entity';
import { ModelEntity } from '../src/model/model.entity';
import { QuestionAgentEntity } from '../src/question-agent/question-agent.entity';
import { QuestionEntity } from '../src/question/question.entity';
import { ResponseEntity } from '../src/response/response.entity';
import { StripeEventEntity } from '../src/stripe-event/stripe-event.entity';
import { UserEntity } from '../src/user/user.entity';
import { PG, pgErrorOf } from './support/pg-error';
import { connectMigratedDataSource } from './support/test-data-source';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/test-database';

describe('schema constraints', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  const users = () => dataSource.getRepository(UserEntity);
  const questions = () => dataSource.getRepository(QuestionEntity);
  const responses = () => dataSource.getRepository(ResponseEntity);
  const ledger = () => dataSource.getRepository(LedgerEntryEntity);

  const createUser = (fields: Partial<UserEntity> = {}) =>
    users().save(users().create({ username: `user-${randomUUID()}`, password: 'hash', ...fields }));

  const createQuestion = async (fields: Partial<QuestionEntity> = {}) => {
    const user = await createUser();
    return questions().save(
      questions().create({ userId: user.id, question: 'Why is the sky blue?', ...fields }),
    );
  };

  const memberResponse = (questionId: number, memberOrder: number, round = 0) =>
    responses().insert({
      questionId,
      provider: 'openai',
      memberOrder,
      round,
      response: 'Rayleigh scattering.',
    });

  const ledgerEntry = (userId: number, fields: Partial<LedgerEntryEntity> = {}) =>
    ledger().insert({
      userId,
      kind: 'reservation',
      amount: -500,
      bucket: 'monthly',
      idempotencyKey: `reserve:${randomUUID()}`,
      ...fields,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await connectMigratedDataSource(database);
    await seedCatalogue(dataSource, loadCatalogueFile(DEFAULT_CATALOGUE_FILE));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    if (database) await dropTestDatabase(database);
  });

  describe('ids', () => {
    it('are integers the database assigns in order, read back as numbers', async () => {
      const first = await createUser();
      const second = await createUser();
      expect(Number.isSafeInteger(first.id) && first.id > 0).toBe(true);
      expect(second.id).toBeGreaterThan(first.id);
      expect(await users().findOneByOrFail({ id: second.id })).toMatchObject({ id: second.id });
    });

    it('cannot be chosen by the application (GENERATED ALWAYS)', async () => {
      expect(
        await pgErrorOf(
          dataSource.query(
            `INSERT INTO "users" ("id", "username", "password") VALUES (1000000, $1, 'hash')`,
            [`user-${randomUUID()}`],
          ),
        ),
      ).toMatchObject({ code: PG.generatedAlways });
    });
  });

  describe('users', () => {
    it('gives a new user the spec defaults', async () => {
      const user = await createUser();
      expect(user).toMatchObject({
        subscriptionTier: 'free',
        subscriptionStatus: 'none',
        authProvider: 'local',
        queriesLeft: 5,
        tokensLeft: 10000,
        purchasedTokens: 0,
        monthlyTokens: 0,
      });
    });

    it('rejects a duplicate username', async () => {
      await createUser({ username: 'ada' });
      expect(await pgErrorOf(createUser({ username: 'ada' }))).toEqual({
        code: PG.uniqueViolation,
        constraint: 'UQ_users_username',
      });
    });

    it('rejects a duplicate email but allows any number of users without one', async () => {
      await createUser({ email: 'grace@example.com' });
      expect(await pgErrorOf(createUser({ email: 'grace@example.com' }))).toEqual({
        code: PG.uniqueViolation,
        constraint: 'UQ_users_email',
      });
      await expect(
        Promise.all([createUser({ email: null }), createUser({ email: null })]),
      ).resolves.toHaveLength(2);
    });

    it("records the balance a user is created with as the account's opening ledger entries", async () => {
      const fresh = await createUser();
      expect(await ledger().findBy({ userId: fresh.id })).toEqual([
        expect.objectContaining({
          kind: 'grant',
          bucket: 'free',
          amount: 10000,
          idempotencyKey: `account-open:${fresh.id}`,
        }),
      ]);
      const seeded = await createUser({ tokensLeft: 700, monthlyTokens: 200, purchasedTokens: 500 });
      const entries = await ledger().find({ where: { userId: seeded.id }, order: { id: 'ASC' } });
      expect(
        entries.map(({ bucket, amount, idempotencyKey }) => ({ bucket, amount, idempotencyKey })),
      ).toEqual([
        { bucket: 'monthly', amount: 200, idempotencyKey: `account-open:${seeded.id}#2` },
        { bucket: 'purchased', amount: 500, idempotencyKey: `account-open:${seeded.id}#3` },
      ]);
    });

    it('keeps tokensLeft at least monthlyTokens + purchasedTokens (the rest is the free allowance)', async () => {
      expect(await pgErrorOf(createUser({ purchasedTokens: 20000 }))).toEqual({
        code: PG.checkViolation,
        constraint: 'CHK_users_tokens_cover_buckets',
      });
    });

    it('never lets a balance go below zero', async () => {
      const user = await createUser();
      expect(await pgErrorOf(users().update(user.id, { tokensLeft: -1 }))).toEqual({
        code: PG.checkViolation,
        constraint: 'CHK_users_balances_non_negative',
      });
    });
  });

  describe('questions', () => {
    it('rejects a duplicate shareId but allows many unshared questions', async () => {
      await createQuestion({ shareId: 'share-abc', isShared: true });
      expect(await pgErrorOf(createQuestion({ shareId: 'share-abc', isShared: true }))).toEqual({
        code: PG.uniqueViolation,
        constraint: 'UQ_questions_shareId',
      });
      await expect(Promise.all([createQuestion(), createQuestion()])).resolves.toHaveLength(2);
    });

    it('finds questions by full-text search on the question', async () => {
      const question = await createQuestion({ question: 'How do volcanoes erupt under the ocean?' });
      const found = await questions()
        .createQueryBuilder('question')
        .where(`question."searchVector" @@ plainto_tsquery('english', :terms)`, { terms: 'volcano erupting' })
        .getMany();
      expect(found.map((row) => row.id)).toEqual([question.id]);
    });
  });

  describe('responses', () => {
    it('stores at most one response per question, member and round', async () => {
      const question = await createQuestion();
      await memberResponse(question.id, 0);
      await memberResponse(question.id, 1);
      await memberResponse(question.id, 0, 1);
      expect(await pgErrorOf(memberResponse(question.id, 0))).toEqual({
        code: PG.uniqueViolation,
        constraint: 'UQ_responses_questionId_memberOrder_round',
      });
    });

    it('stores at most one consensus per question, and only the consensus has no member', async () => {
      const question = await createQuestion();
      const consensus = () =>
        responses().insert({ questionId: question.id, provider: 'consensus', round: 2 });
      await consensus();
      expect(await pgErrorOf(consensus())).toEqual({
        code: PG.uniqueViolation,
        constraint: 'UQ_responses_questionId_consensus',
      });
      expect(
        await pgErrorOf(responses().insert({ questionId: question.id, provider: 'xai', memberOrder: null })),
      ).toEqual({ code: PG.checkViolation, constraint: 'CHK_responses_member_or_consensus' });
    });
  });

  describe('billing', () => {
    it('rejects a second ledger entry with the same idempotency key', async () => {
      const user = await createUser();
      await ledgerEntry(user.id, { idempotencyKey: 'purchase:cs_123' });
      expect(await pgErrorOf(ledgerEntry(user.id, { idempotencyKey: 'purchase:cs_123' }))).toEqual({
        code: PG.uniqueViolation,
        constraint: 'UQ_ledger_entries_idempotencyKey',
      });
    });

    it('records a Stripe event id only once', async () => {
      const events = dataSource.getRepository(StripeEventEntity);
      const event = { id: 'evt_123', type: 'checkout.session.completed', payload: { id: 'evt_123' } };
      await events.insert(event);
      expect(await pgErrorOf(events.insert(event))).toEqual({
        code: PG.uniqueViolation,
        constraint: 'PK_stripe_events',
      });
      expect(await events.findOneByOrFail({ id: 'evt_123' })).toMatchObject({ payload: { id: 'evt_123' } });
    });

    it('keeps the ledger append-only', async () => {
      const user = await createUser();
      const { identifiers } = await ledgerEntry(user.id);
      const id = Number(identifiers[0]?.['id']);
      expect(await pgErrorOf(ledger().update(id, { amount: -1 }))).toMatchObject({
        code: PG.restrictViolation,
      });
      expect(await pgErrorOf(ledger().delete(id))).toMatchObject({ code: PG.restrictViolation });
      expect(await pgErrorOf(users().delete(user.id))).toEqual({
        code: PG.foreignKeyViolation,
        constraint: 'FK_ledger_entries_userId',
      });
    });
  });

  describe('deleting a question', () => {
    it('deletes its responses and council members but keeps the ledger entries, unlinked', async () => {
      const question = await createQuestion();
      const agent = await dataSource.getRepository(AgentEntity).findOneByOrFail({ name: 'ChatGPT' });
      const model = await dataSource.getRepository(ModelEntity).findOneByOrFail({ agentId: agent.id });
      await dataSource
        .getRepository(QuestionAgentEntity)
        .insert({ questionId: question.id, agentId: agent.id, modelId: model.id, order: 0 });
      const { identifiers } = await memberResponse(question.id, 0);
      const responseId = Number(identifiers[0]?.['id']);
      await ledgerEntry(question.userId, {
        questionId: question.id,
        idempotencyKey: `reserve:${question.id}`,
      });
      await ledgerEntry(question.userId, {
        kind: 'settlement',
        questionId: question.id,
        responseId,
        idempotencyKey: `settle:${responseId}`,
      });

      await questions().delete(question.id);

      expect(await responses().countBy({ questionId: question.id })).toBe(0);
      expect(await dataSource.getRepository(QuestionAgentEntity).countBy({ questionId: question.id })).toBe(
        0,
      );
      // The account's opening entry (the free allowance, written by a trigger) is not the question's.
      const entries = await ledger().find({
        where: { userId: question.userId, kind: In(['reservation', 'settlement']) },
        order: { kind: 'ASC' },
      });
      expect(
        entries.map(({ kind, amount, questionId, responseId: linked }) => ({
          kind,
          amount,
          questionId,
          linked,
        })),
      ).toEqual([
        { kind: 'reservation', amount: -500, questionId: null, linked: null },
        { kind: 'settlement', amount: -500, questionId: null, linked: null },
      ]);
    });
  });

  describe('catalogue', () => {
    it('cannot lose a model that a question still uses', async () => {
      const question = await createQuestion();
      const model = await dataSource
        .getRepository(ModelEntity)
        .findOneOrFail({ where: {}, order: { position: 'ASC' } });
      await dataSource
        .getRepository(QuestionAgentEntity)
        .insert({ questionId: question.id, agentId: model.agentId, modelId: model.id, order: 0 });
      expect(await pgErrorOf(dataSource.getRepository(ModelEntity).delete(model.id))).toEqual({
        code: PG.foreignKeyViolation,
        constraint: 'FK_question_agents_modelId',
      });
    });
  });
});
