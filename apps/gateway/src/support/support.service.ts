import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CONTACT_RECEIVED_MESSAGE,
  type ContactDto,
  type ContactResponse,
  errorMessage,
} from '@council/contracts';
import { SupportMessageEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { Repository } from 'typeorm';
import { GatewayEnv } from '../config/gateway.env';
import { type OutgoingMail, MailService } from '../mail/mail.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { CONTACT_MAIL_SUBJECT_PREFIX, CONTACT_RATE_LIMIT } from './support.constants';

export interface ContactSender {
  /** The client's address as Express sees it (honours TRUST_PROXY). */
  ip: string;
  /** Set once sessions exist; visitors without an account may write too. */
  userId: number | null;
}

export const CONTACT_MAIL_FAILED_MESSAGE =
  "We couldn't send your message just now. Please try again in a few minutes.";

/** Header values must stay on one line, whatever the visitor typed. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The operator's copy of a contact-form message (DECISIONS 7). Replying answers the visitor. */
export function contactMail(to: string, message: SupportMessageEntity): OutgoingMail {
  const text = [
    `New message from the Council contact form (#${message.id}).`,
    '',
    `From:     ${oneLine(message.name)} <${message.email}>`,
    `Subject:  ${oneLine(message.subject)}`,
    `Account:  ${message.userId === null ? 'not signed in' : `user #${message.userId}`}`,
    `Received: ${message.createdAt.toISOString()}`,
    '',
    message.message,
    '',
    '-- ',
    'Reply to this e-mail to answer the sender directly.',
  ].join('\n');
  return {
    to,
    replyTo: message.email,
    subject: `${CONTACT_MAIL_SUBJECT_PREFIX} ${oneLine(message.subject)}`,
    text,
  };
}

@Injectable()
export class SupportService {
  private readonly logger = new Logger(SupportService.name);

  constructor(
    @InjectRepository(SupportMessageEntity) private readonly messages: Repository<SupportMessageEntity>,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    private readonly config: GatewayEnv,
  ) {}

  /**
   * Stores the message and e-mails it to SUPPORT_EMAIL, per sender IP at most CONTACT_RATE_LIMIT.points
   * an hour. Both or neither: when the mail cannot be sent the row is rolled back and the visitor is
   * asked to retry, so no message sits unread in a table nobody watches.
   */
  async submitContactMessage(dto: ContactDto, sender: ContactSender): Promise<ContactResponse> {
    await this.rateLimit.consume(CONTACT_RATE_LIMIT, sender.ip);

    await this.messages.manager.transaction(async (manager) => {
      const stored = await manager.save(
        manager.create(SupportMessageEntity, {
          name: dto.name,
          email: dto.email,
          subject: dto.subject,
          message: dto.message,
          userId: sender.userId,
        }),
      );
      try {
        await this.mail.send(contactMail(this.config.SUPPORT_EMAIL, stored));
      } catch (error) {
        this.logger.error(
          `Contact message could not be mailed to ${this.config.SUPPORT_EMAIL}: ${errorMessage(error)}`,
        );
        throw new DomainException('SERVICE_UNAVAILABLE', CONTACT_MAIL_FAILED_MESSAGE);
      }
    });

    return { ok: true, message: CONTACT_RECEIVED_MESSAGE };
  }
}
