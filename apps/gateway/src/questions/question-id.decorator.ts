import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { VALIDATION_MESSAGES } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { type Request } from 'express';
import { MAX_QUESTION_ID } from './history/history.util';

/** An entity id from the URL: plain digits, 1..MAX_QUESTION_ID; anything else is 400 VALIDATION_FAILED. */
export function parseQuestionId(
  value: unknown,
  message: string = VALIDATION_MESSAGES.questionIdInvalid,
): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_QUESTION_ID) {
    throw new DomainException('VALIDATION_FAILED', message);
  }
  return id;
}

/**
 * `:id` of /api/questions/{id}, checked on the raw text. A custom decorator, because the global
 * ValidationPipe would first turn a `number` parameter into Number(text), so "1e3" would reach a
 * pipe as 1000.
 */
export const QuestionId = createParamDecorator((_data: unknown, context: ExecutionContext): number =>
  parseQuestionId(context.switchToHttp().getRequest<Request>().params.id),
);

/** `:responseId` of /api/questions/{id}/responses/{responseId}/retry, checked like QuestionId. */
export const ResponseId = createParamDecorator((_data: unknown, context: ExecutionContext): number =>
  parseQuestionId(
    context.switchToHttp().getRequest<Request>().params.responseId,
    VALIDATION_MESSAGES.responseIdInvalid,
  ),
);
