import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import {
  type ForgotPasswordDto,
  type MessageReply,
  RESET_TOKEN_TTL_MINUTES,
  type ResetPasswordDto,
  SERVER_MESSAGES,
  errorMessage,
} from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { type Request } from 'express';
import { GatewayEnv } from '../config/gateway.env';
import { MailService, type OutgoingMail } from '../mail/mail.service';
import { FORGOT_PASSWORD_RATE_LIMITS, RESET_PASSWORD_RATE_LIMIT } from '../rate-limit/rate-limit.constants';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { clientIp } from '../rate-limit/rate-limit.util';
import { SessionService, sessionUserId } from '../session/session.service';
import { UsersService } from '../users/users.service';
import { normalizeEmail } from '../users/users.util';
import { PASSWORD_RESET_DONE_MESSAGE } from './password-reset.constants';
import { generateResetToken, hashResetToken, resetLink, resetPasswordMail } from './password-reset.util';

/**
 * Forgot / reset password. The forgot call answers the same, in the same time, for known and unknown
 * addresses: the token is made and the UPDATE runs either way, and the mail goes out after the answer.
 */
@Injectable()
export class PasswordResetService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(PasswordResetService.name);
  /** Mails still being sent; shutdown waits for them. */
  private readonly outgoing = new Set<Promise<void>>();

  constructor(
    private readonly config: GatewayEnv,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
  ) {}

  async requestReset(req: Request, dto: ForgotPasswordDto): Promise<MessageReply> {
    const email = normalizeEmail(dto.email);
    await this.rateLimit.consume(FORGOT_PASSWORD_RATE_LIMITS.perIp, clientIp(req));
    await this.rateLimit.consume(FORGOT_PASSWORD_RATE_LIMITS.perEmail, email);

    const token = generateResetToken();
    const expires = new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000);
    const recipient = await this.users.storeResetToken(email, hashResetToken(token), expires);
    if (recipient) {
      this.sendInBackground(
        resetPasswordMail({
          to: recipient.email,
          username: recipient.username,
          name: recipient.name,
          link: resetLink(this.config.PUBLIC_URL, token),
          ttlMinutes: RESET_TOKEN_TTL_MINUTES,
        }),
        recipient.id,
      );
    }
    return { message: SERVER_MESSAGES.resetEmailSent };
  }

  /**
   * Sets the new password if the token is current, and uses the token up in the same statement.
   * Then every other session of that user ends (the session that asked survives only if it is theirs).
   */
  async resetPassword(req: Request, dto: ResetPasswordDto): Promise<MessageReply> {
    await this.rateLimit.consume(RESET_PASSWORD_RATE_LIMIT, clientIp(req));
    const tokenHash = hashResetToken(dto.token);
    if (!(await this.users.hasCurrentResetToken(tokenHash))) {
      throw new DomainException('VALIDATION_FAILED', SERVER_MESSAGES.invalidResetToken);
    }
    const passwordHash = await this.users.hashPassword(dto.password);
    const user = await this.users.resetPasswordWithToken(tokenHash, passwordHash);
    if (!user) throw new DomainException('VALIDATION_FAILED', SERVER_MESSAGES.invalidResetToken);

    const keep = sessionUserId(req) === user.id ? req.sessionID : null;
    const ended = await this.sessions.endSessionsOf(user.id, keep);
    this.logger.log(`Password reset for user #${user.id}; ${ended} other session(s) ended`);
    return { message: PASSWORD_RESET_DONE_MESSAGE };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.outgoing]);
  }

  private sendInBackground(mail: OutgoingMail, userId: number): void {
    const sending = this.mail
      .send(mail)
      .catch((error: unknown) =>
        this.logger.error(
          `Password reset e-mail for user #${userId} could not be sent: ${errorMessage(error)}`,
        ),
      )
      .finally(() => this.outgoing.delete(sending));
    this.outgoing.add(sending);
  }
}
