import { Injectable } from '@nestjs/common';
import { type QuestionResponse, SERVER_MESSAGES, type StreamEntry } from '@council/contracts';
import { DomainException, QuestionStreamWriter } from '@council/server-kit';
import { type AuthUser } from '../../users/users.util';
import { DebateNotesRepository } from '../data/debate-notes.repository';
import { QuestionsRepository } from '../data/questions.repository';
import { QuestionJobs } from '../jobs/question-jobs.service';
import { toQuestionResponse } from '../questions.util';

/**
 * "Let me weigh in": the asker's note, or Continue, while a debate waits between rounds. Both end
 * the pause at once; the flow parent (delayed until the countdown's end) is promoted to run now.
 */
@Injectable()
export class WeighIn {
  constructor(
    private readonly notes: DebateNotesRepository,
    private readonly questions: QuestionsRepository,
    private readonly jobs: QuestionJobs,
    private readonly stream: QuestionStreamWriter,
  ) {}

  /** `note` null: Continue without one. */
  async resume(user: AuthUser, questionId: number, note: string | null): Promise<QuestionResponse> {
    const result = await this.notes.endPause(user.id, questionId, note);
    if (!result.ended) {
      if (!result.found) throw new DomainException('NOT_FOUND', SERVER_MESSAGES.questionNotFound);
      throw new DomainException('CONFLICT', SERVER_MESSAGES.debateNotPaused);
    }
    const entries: StreamEntry[] = [
      ...(note === null ? [] : [{ type: 'debate:note' as const, round: result.round, note }]),
      { type: 'debate:resumed', round: result.round },
    ];
    await this.stream.append(questionId, entries);
    await this.jobs.resumeDebate(questionId);
    return toQuestionResponse(await this.questions.findOwned(user.id, questionId));
  }
}
