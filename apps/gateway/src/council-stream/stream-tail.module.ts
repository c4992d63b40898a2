import { Global, Module } from '@nestjs/common';
import { QUESTION_ASKED } from '../questions/ask/question-asked.listener';
import { AskedQuestionFollower } from './asked-question.follower';
import { CouncilStreamTailer } from './council-stream.tailer';
import { QuestionTraces } from './question-traces';

/**
 * The one stream tailer of this gateway: the socket gateway subscribes sockets through it, and a new
 * question's asker follows it through QUESTION_ASKED. Global, so the ask (questions/) is given the
 * listener without importing anything from council-stream/.
 */
@Global()
@Module({
  providers: [
    CouncilStreamTailer,
    QuestionTraces,
    AskedQuestionFollower,
    { provide: QUESTION_ASKED, useExisting: AskedQuestionFollower },
  ],
  exports: [CouncilStreamTailer, QuestionTraces, QUESTION_ASKED],
})
export class StreamTailModule {}
