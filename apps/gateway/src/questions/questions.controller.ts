import { Body, Controller, Header, HttpCode, HttpStatus, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPaymentRequiredResponse,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  AskQuestionDto,
  type AskQuestionResult,
  type CancelQuestionResult,
  ContinueDebateDto,
  DebateNoteDto,
  FollowUpDto,
  type QuestionResponse,
  type RetryResponseResult,
} from '@council/contracts';
import { CurrentUser } from '../auth/auth.decorator';
import { AuthenticatedGuard } from '../auth/auth.guard';
import { QuestionId, ResponseId } from './question-id.decorator';
import { type AuthUser } from '../users/users.util';
import { AskQuestion } from './ask/ask-question.service';
import { CancelQuestion } from './cancel/cancel-question.service';
import { FollowUpQuestion } from './follow-up/follow-up-question.service';
import { RetryResponse } from './retry/retry-response.service';
import { WeighIn } from './weigh-in/weigh-in.service';
import { parseWaitFlag } from './questions.util';

/** Asking the council (spec §7 POST /api/questions, DECISIONS 12) and stopping a question. */
@ApiTags('questions')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@UseGuards(AuthenticatedGuard)
@Controller('questions')
export class QuestionsController {
  constructor(
    private readonly askQuestion: AskQuestion,
    private readonly followUpQuestion: FollowUpQuestion,
    private readonly cancelQuestion: CancelQuestion,
    private readonly retryResponse: RetryResponse,
    private readonly weighIn: WeighIn,
  ) {}

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiQuery({
    name: 'wait',
    required: false,
    description: 'true: answer only once every response is final (same shape, responses filled)',
  })
  @ApiCreatedResponse({
    description:
      '{ question, agents, responses }: at once with responses empty (answers stream over Socket.IO ' +
      '/council), or with ?wait=true once the question is final',
  })
  @ApiBadRequestResponse({
    description:
      'Invalid question (empty, over 8,000 characters), fewer than 3 members, unknown agent/model/role, bad debate leader',
  })
  @ApiForbiddenResponse({
    description: 'PREMIUM_FEATURE (debate/reasoning on free) or more members than the tier allows',
  })
  @ApiPaymentRequiredResponse({ description: 'INSUFFICIENT_TOKENS or NO_FREE_QUERIES; nothing is stored' })
  @ApiServiceUnavailableResponse({ description: 'Billing or the queue is unavailable' })
  ask(
    @CurrentUser() user: AuthUser,
    @Body() dto: AskQuestionDto,
    @Query('wait') wait?: string,
  ): Promise<AskQuestionResult> {
    return this.askQuestion.execute(user, dto, parseWaitFlag(wait));
  }

  @Post(':id/follow-ups')
  @Header('Cache-Control', 'no-store')
  @ApiQuery({
    name: 'wait',
    required: false,
    description: 'true: answer only once every response of the new turn is final',
  })
  @ApiCreatedResponse({
    description:
      '{ question, agents, responses }: the new turn of the conversation, for the same council; it ' +
      'streams like any question. Its question carries conversationId (the first question) and ' +
      'threadOmittedTurns (the oldest turns its members could not read)',
  })
  @ApiBadRequestResponse({ description: 'The id is not a number, or an invalid question or option' })
  @ApiForbiddenResponse({ description: 'PREMIUM_FEATURE, or the council is larger than the tier allows' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  @ApiConflictResponse({
    description: 'A turn of the conversation is still running, or one of its members is no longer offered',
  })
  @ApiPaymentRequiredResponse({ description: 'INSUFFICIENT_TOKENS or NO_FREE_QUERIES; nothing is stored' })
  @ApiServiceUnavailableResponse({ description: 'Billing or the queue is unavailable' })
  followUp(
    @CurrentUser() user: AuthUser,
    @QuestionId() id: number,
    @Body() dto: FollowUpDto,
    @Query('wait') wait?: string,
  ): Promise<AskQuestionResult> {
    return this.followUpQuestion.execute(user, id, dto, parseWaitFlag(wait));
  }

  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{ question (status cancelled), releasedTokens }' })
  @ApiBadRequestResponse({ description: 'The id is not a number' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  @ApiConflictResponse({ description: 'The question has already completed or failed' })
  cancel(@CurrentUser() user: AuthUser, @QuestionId() id: number): Promise<CancelQuestionResult> {
    return this.cancelQuestion.execute(user, id);
  }

  @Post(':id/notes')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description:
      'The question, no longer paused: the note is stored and every member reads it in the next debate round',
  })
  @ApiBadRequestResponse({ description: 'The id is not a number, or the note is empty or too long' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  @ApiConflictResponse({ description: 'The debate is not waiting for a note (it moved on, or never paused)' })
  addNote(
    @CurrentUser() user: AuthUser,
    @QuestionId() id: number,
    @Body() dto: DebateNoteDto,
  ): Promise<QuestionResponse> {
    return this.weighIn.resume(user, id, dto.note);
  }

  @Post(':id/continue')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'The question, no longer paused: the debate carries on without a note' })
  @ApiBadRequestResponse({ description: 'The id is not a number, or the body has a field (it takes none)' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  @ApiConflictResponse({ description: 'The debate is not waiting for a note (it moved on, or never paused)' })
  continueDebate(
    @CurrentUser() user: AuthUser,
    @QuestionId() id: number,
    // Read only to be validated: unknown fields are refused here as on every other route.
    @Body() _empty: ContinueDebateDto,
  ): Promise<QuestionResponse> {
    return this.weighIn.resume(user, id, null);
  }

  @Post(':id/responses/:responseId/retry')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description:
      'The response row, pending again (a completed answer is answered again in a new row); the new attempt streams over Socket.IO from streamEntryId',
  })
  @ApiBadRequestResponse({ description: 'An id is not a number' })
  @ApiNotFoundResponse({ description: 'No such question of yours, or no such response of it' })
  @ApiConflictResponse({
    description:
      'Not a failed or completed member first answer, a completed one in a debate, or the question (or a turn of its conversation) is still running or was cancelled',
  })
  @ApiPaymentRequiredResponse({ description: 'INSUFFICIENT_TOKENS: the balance is empty' })
  retry(
    @CurrentUser() user: AuthUser,
    @QuestionId() id: number,
    @ResponseId() responseId: number,
  ): Promise<RetryResponseResult> {
    return this.retryResponse.execute(user, id, responseId);
  }
}
