import { Body, Controller, Delete, Header, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type QuestionResponse, ShareQuestionDto, type ShareReply } from '@council/contracts';
import { CurrentUser } from '../../auth/auth.decorator';
import { AuthenticatedGuard } from '../../auth/auth.guard';
import { QuestionId } from '../question-id.decorator';
import { type AuthUser } from '../../users/users.util';
import { SharingService } from './sharing.service';

/** The owner's side of sharing (spec §2 Share dialog, §7; DECISIONS 8 for revoking). */
@ApiTags('sharing')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiParam({ name: 'id', type: Number, description: 'Question id (a positive whole number)' })
@UseGuards(AuthenticatedGuard)
@Controller('questions/:id/share')
export class SharingController {
  constructor(private readonly sharing: SharingService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description:
      '{ shareUrl, shareId, shareTitle, shareDescription, shareExpiresAt }. Sharing again keeps the link ' +
      'and updates title, description and expiry. Title/description left out: the saved ones, else the ' +
      "question's first 100/200 characters; expiry 1d|7d|30d|never (default never)",
  })
  @ApiBadRequestResponse({
    description: 'Bad id, title over 200 or description over 1000 characters, unknown expiry',
  })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  share(
    @CurrentUser() user: AuthUser,
    @QuestionId() id: number,
    @Body() dto: ShareQuestionDto,
  ): Promise<ShareReply> {
    return this.sharing.share(user.id, id, dto);
  }

  @Delete()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'The question (isShared false, shareId null); the old link now answers 404' })
  @ApiBadRequestResponse({ description: 'The id is not a positive whole number' })
  @ApiNotFoundResponse({ description: 'No such question of yours' })
  revoke(@CurrentUser() user: AuthUser, @QuestionId() id: number): Promise<QuestionResponse> {
    return this.sharing.revoke(user.id, id);
  }
}
