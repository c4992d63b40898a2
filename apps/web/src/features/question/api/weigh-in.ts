import { ASK_API_PATHS, type DebateNoteDto, type QuestionResponse } from '@council/contracts';
import { api } from '@/lib/api-client';

/** POST /api/questions/{id}/notes: the asker's note ends the pause; every member reads it next round. */
export const sendDebateNote = ({ questionId, note }: { questionId: number; note: string }) =>
  api.post<QuestionResponse>(ASK_API_PATHS.notes(questionId), { note } satisfies DebateNoteDto);

/** POST /api/questions/{id}/continue: ends the pause without a note. */
export const continueDebate = (questionId: number) =>
  api.post<QuestionResponse>(ASK_API_PATHS.continue(questionId));
