import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { QuestionsModule } from '../questions/questions.module';
import { CouncilStreamGateway } from './council-stream.gateway';
import { SocketSessions } from './socket-sessions';
import { StreamTailModule } from './stream-tail.module';

/** Live answers over Socket.IO (/council), tailed from the questions' Redis Streams. */
@Module({
  imports: [AuthModule, QuestionsModule, StreamTailModule],
  providers: [CouncilStreamGateway, SocketSessions],
})
export class CouncilStreamModule {}
