import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { UsersModule } from '../users/users.module';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';

/** Forgot-password e-mails with single-use, expiring reset links; a reset ends other sessions. */
@Module({
  imports: [UsersModule, SessionModule, MailModule, RateLimitModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService],
})
export class PasswordResetModule {}
