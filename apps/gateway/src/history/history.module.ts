import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuestionAgentEntity, QuestionEntity, ResponseEntity } from '@council/db';
import { AuthModule } from '../auth/auth.module';
import { QuestionsModule } from '../questions/questions.module';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

/** GET /api/questions, GET and DELETE /api/questions/{id}; cancels through QuestionsService. */
@Module({
  imports: [
    TypeOrmModule.forFeature([QuestionEntity, QuestionAgentEntity, ResponseEntity]),
    QuestionsModule,
    AuthModule,
  ],
  controllers: [HistoryController],
  providers: [HistoryService],
})
export class HistoryModule {}
