import { Module } from '@nestjs/common';
import { CouncilStreamTailer } from './council-stream.tailer';
import { QuestionTraces } from './question-traces';

/**
 * The one stream tailer of this gateway: the socket gateway subscribes sockets through it, and the
 * ask has the asker's socket follow a new question through it.
 */
@Module({
  providers: [CouncilStreamTailer, QuestionTraces],
  exports: [CouncilStreamTailer, QuestionTraces],
})
export class StreamTailModule {}
