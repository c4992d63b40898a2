import { Controller, Delete, Get, Header, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  type DeleteQuestionReply,
  HISTORY_PAGE_SIZE_DEFAULT,
  HISTORY_PAGE_SIZE_MAX,
  HISTORY_SEARCH_MAX_LENGTH,
  HistoryQueryDto,
  type HistoryPage,
  type QuestionDetail,
  conversationToMarkdown,
  questionExportFileName,
} from '@council/contracts';
import { type Response } from 'express';
import { CurrentUser } from '../../auth/auth.decorator';
import { AuthenticatedGuard } from '../../auth/auth.guard';
import { type AuthUser } from '../../users/users.util';
import { HistoryService } from './history.service';
import { QuestionId } from '../question-id.decorator';

const ID_PARAM = { name: 'id', type: Number, description: 'Question id (a positive whole number)' };

/** History (spec §2 History and Question detail, §7): list, read and delete the user's questions. */
@ApiTags('history')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@UseGuards(AuthenticatedGuard)
@Controller('questions')
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiQuery({
    name: 'search',
    required: false,
    description: `Full-text search over the question text (English stemming), up to ${HISTORY_SEARCH_MAX_LENGTH} characters`,
  })
  @ApiQuery({ name: 'cursor', required: false, description: "The previous page's nextCursor" })
  @ApiQuery({
    name: 'limit',
    required: false,
    description: `Questions per page, 1..${HISTORY_PAGE_SIZE_MAX}, default ${HISTORY_PAGE_SIZE_DEFAULT}`,
  })
  @ApiOkResponse({
    description:
      '{ items: [question fields + questionAgents (agent, model, role)], nextCursor }: newest first; ' +
      'nextCursor is null on the last page',
  })
  @ApiBadRequestResponse({ description: 'Search too long, limit out of range, or a cursor not ours' })
  list(@CurrentUser() user: AuthUser, @Query() query: HistoryQueryDto): Promise<HistoryPage> {
    return this.history.list(user.id, query);
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiParam(ID_PARAM)
  @ApiOkResponse({
    description: '{ question (with questionAgents), answers }: answers by member, then round, consensus last',
  })
  @ApiBadRequestResponse({ description: 'The id is not a positive whole number' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  detail(@CurrentUser() user: AuthUser, @QuestionId() id: number): Promise<QuestionDetail> {
    return this.history.detail(user, id);
  }

  @Get(':id/export')
  @Header('Cache-Control', 'no-store')
  @ApiParam(ID_PARAM)
  @ApiOkResponse({
    description:
      'The conversation as a Markdown file (attachment): every turn in order, each with its question, each ' +
      'member’s final answer, the consensus and the debate log',
  })
  @ApiBadRequestResponse({ description: 'The id is not a positive whole number' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  async export(
    @CurrentUser() user: AuthUser,
    @QuestionId() id: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const markdown = conversationToMarkdown(await this.history.conversationDetails(user, id));
    // Set only once the question is found, so an error still answers as JSON.
    res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${questionExportFileName(id)}"`);
    return markdown;
  }

  @Delete(':id')
  @Header('Cache-Control', 'no-store')
  @ApiParam(ID_PARAM)
  @ApiOkResponse({
    description:
      '{ id, deleted: true }: the question, its answers, council and share link are gone; a running ' +
      'question is cancelled first and its unused tokens released',
  })
  @ApiBadRequestResponse({ description: 'The id is not a positive whole number' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  @ApiServiceUnavailableResponse({
    description: 'A running question could not be cancelled (billing down); nothing was deleted',
  })
  delete(@CurrentUser() user: AuthUser, @QuestionId() id: number): Promise<DeleteQuestionReply> {
    return this.history.delete(user, id);
  }
}
