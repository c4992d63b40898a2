// Run-time check of what browsers send on the socket; the gateway validates before touching Redis.
// Socket.IO carries JSON, so a question id arrives as the number the client sent: a numeric string
// is refused rather than converted, as in the REST DTOs. Ids are bounded as REST bounds them
// (ID_MAX), and entry ids as Redis bounds them, so nothing valid here fails further down.

import { IsInt, IsOptional, Max, Min, ValidateBy, type ValidationOptions } from 'class-validator';
import { ID_MAX } from '../limits/limits.constants';
import { isStreamEntryId } from '../streams/streams.keys';
import { type QuestionSubscribePayload, type QuestionUnsubscribePayload } from './socket.events';

function IsStreamEntryId(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStreamEntryId',
      validator: {
        validate: (value: unknown): boolean => isStreamEntryId(value),
        defaultMessage: (): string => 'lastEntryId must be a stream entry id',
      },
    },
    options,
  );
}

export class QuestionSubscribeDto implements QuestionSubscribePayload {
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  questionId: number;

  @IsOptional()
  @IsStreamEntryId()
  lastEntryId?: string;
}

export class QuestionUnsubscribeDto implements QuestionUnsubscribePayload {
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  questionId: number;
}
