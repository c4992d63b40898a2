import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ForgotPasswordDto, type MessageReply, ResetPasswordDto } from '@council/contracts';
import { type Request } from 'express';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description:
      'Always the same answer, whether or not the address has an account; if it does, a reset link is e-mailed',
  })
  @ApiBadRequestResponse({ description: '"Please enter a valid email address"' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this address or for this e-mail' })
  forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: Request): Promise<MessageReply> {
    return this.passwordReset.requestReset(req, dto);
  }

  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: "Password changed; the user's other sessions are ended" })
  @ApiBadRequestResponse({
    description:
      '"Invalid or expired token" (wrong, used or older than 30 minutes), or a password outside 8..100',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request): Promise<MessageReply> {
    return this.passwordReset.resetPassword(req, dto);
  }
}
