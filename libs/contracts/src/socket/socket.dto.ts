// Run-time check of what browsers send on the socket; the gateway validates before touching Redis.
// Socket.IO carries JSON, so a question id arrives as the number the client sent: a numeric string
// is refused rather than converted, as in the REST DTOs.

import { IsInt, IsOptional, Matches, Min } from 'class-validator';
import { type QuestionSubscribePayload, type QuestionUnsubscribePayload } from './socket.events';

export class QuestionSubscribeDto implements QuestionSubscribePayload {
  @IsInt()
  @Min(1)
  questionId: number;

  @IsOptional()
  @Matches(/^\d{1,20}-\d{1,20}$/, { message: 'lastEntryId must be a stream entry id' })
  lastEntryId?: string;
}

export class QuestionUnsubscribeDto implements QuestionUnsubscribePayload {
  @IsInt()
  @Min(1)
  questionId: number;
}
