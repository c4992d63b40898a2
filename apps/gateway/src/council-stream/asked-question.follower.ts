import { Injectable } from '@nestjs/common';
import { type AskedQuestion, type QuestionAskedListener } from '../questions/ask/question-asked.listener';
import { CouncilStreamTailer } from './council-stream.tailer';
import { QuestionTraces } from './question-traces';

/** The socket side of a new question: the asker's socket follows it, and its trace is kept. */
@Injectable()
export class AskedQuestionFollower implements QuestionAskedListener {
  constructor(
    private readonly tailer: CouncilStreamTailer,
    private readonly traces: QuestionTraces,
  ) {}

  asked({ userId, questionId, socketId }: AskedQuestion): void {
    if (socketId) this.tailer.followNew(userId, socketId, questionId);
    this.traces.rememberAsk(questionId);
  }

  abandoned({ questionId, socketId }: AskedQuestion): void {
    if (socketId) this.tailer.unfollowNew(socketId, questionId);
  }
}
