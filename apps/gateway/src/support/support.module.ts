import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SupportMessageEntity } from '@council/db';
import { MailModule } from '../mail/mail.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SupportController } from './support.controller';
import { SupportService } from './support.service';

/** The contact form's endpoint (DECISIONS 7): validate, rate limit, store, mail the operator. */
@Module({
  imports: [TypeOrmModule.forFeature([SupportMessageEntity]), MailModule, RateLimitModule],
  controllers: [SupportController],
  providers: [SupportService],
})
export class SupportModule {}
