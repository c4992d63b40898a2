// Entity factories for billing tests. Users are inserted like any account, so the database's
// opening-balance trigger records their starting balance as ledger entries.

import { randomUUID } from 'node:crypto';
import { QuestionEntity, ResponseEntity, UserEntity } from '@council/db';
import { type DataSource } from 'typeorm';

export function createTestUser(
  dataSource: DataSource,
  fields: Partial<UserEntity> = {},
): Promise<UserEntity> {
  const users = dataSource.getRepository(UserEntity);
  return users.save(
    users.create({
      username: `user-${randomUUID()}`,
      password: 'not-a-real-hash',
      email: `${randomUUID()}@example.com`,
      ...fields,
    }),
  );
}

export function createTestQuestion(
  dataSource: DataSource,
  userId: number,
  fields: Partial<QuestionEntity> = {},
): Promise<QuestionEntity> {
  const questions = dataSource.getRepository(QuestionEntity);
  return questions.save(questions.create({ userId, question: 'Why is the sky blue?', ...fields }));
}

export async function createTestResponse(
  dataSource: DataSource,
  questionId: number,
  fields: Partial<ResponseEntity> = {},
): Promise<ResponseEntity> {
  const responses = dataSource.getRepository(ResponseEntity);
  return responses.save(
    responses.create({
      questionId,
      provider: 'openai',
      memberOrder: 0,
      round: 0,
      response: 'Rayleigh scattering.',
      ...fields,
    }),
  );
}
