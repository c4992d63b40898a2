import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { GatewayEnv } from '../config/gateway.env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** The default outbox, relative to this file in both src/ and dist/: <repo>/.data/outbox. */
function defaultOutboxDir(): string {
  return resolve(__dirname, '../../../../.data/outbox');
}

/**
 * Sends mail through SMTP when SMTP_URL is set. Without it, every message is rendered to an .eml
 * file in the outbox folder and logged, so password reset and the contact form work offline.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  private readonly outboxDir: string | null;

  constructor(private readonly config: GatewayEnv) {
    if (config.SMTP_URL) {
      this.transport = nodemailer.createTransport(config.SMTP_URL);
      this.outboxDir = null;
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outboxDir = config.MAIL_OUTBOX_DIR ?? defaultOutboxDir();
    }
  }

  get mode(): 'smtp' | 'outbox' {
    return this.outboxDir ? 'outbox' : 'smtp';
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (!this.outboxDir) return;
    const file = join(this.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '_')}.eml`);
    // Logged first: a message whose file cannot be written is still in the log.
    this.logger.log(`Outbox: "${mail.subject}" to ${mail.to} → ${file}\n${mail.text}`);
    mkdirSync(this.outboxDir, { recursive: true });
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
