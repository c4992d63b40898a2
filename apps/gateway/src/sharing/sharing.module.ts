import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuestionEntity } from '@council/db';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SharedController } from './shared.controller';
import { SharingController } from './sharing.controller';
import { SharingService } from './sharing.service';

/** POST/DELETE /api/questions/{id}/share (owner) and GET /api/shared/{shareId} (public). */
@Module({
  imports: [TypeOrmModule.forFeature([QuestionEntity]), AuthModule, RateLimitModule],
  controllers: [SharingController, SharedController],
  providers: [SharingService],
})
export class SharingModule {}
