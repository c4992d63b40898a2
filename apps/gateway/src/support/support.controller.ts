import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ContactDto, type ContactResponse } from '@council/contracts';
import { type Request } from 'express';
import { SignedInUser } from '../auth/auth.decorator';
import { type AuthUser } from '../users/users.util';
import { SupportService } from './support.service';

/** Public: visitors without an account can reach support too (DECISIONS 7); a member's account is noted. */
@ApiTags('support')
@Controller('support')
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post('contact')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ description: '{ ok: true, message }: stored and forwarded to the support inbox' })
  @ApiBadRequestResponse({ description: 'A field is missing, too long or not an e-mail address' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address; see Retry-After' })
  @ApiServiceUnavailableResponse({
    description: 'The support inbox could not be reached; nothing was stored',
  })
  contact(
    @Body() dto: ContactDto,
    @Req() req: Request,
    @SignedInUser() user: AuthUser | null,
  ): Promise<ContactResponse> {
    // A signed-in sender's account goes with the message, so support can find it.
    return this.support.submitContactMessage(dto, {
      ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      userId: user?.id ?? null,
    });
  }
}
