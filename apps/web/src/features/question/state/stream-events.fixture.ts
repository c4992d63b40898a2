// Stream events of question 42 (askResultFixture's) for the reducers' specs, and a fold over them.

import { type StreamEvent } from '@council/contracts';
import { askResultFixture } from '@/testing/ask.fixture';
import { type QuestionStreamState } from './question-state';
import { createQuestionStream } from './question-seed';
import { applyStreamEvent } from './stream.reducer';

export const meta = (entryId: string) => ({ questionId: 42, entryId });

export const delta = (
  entryId: string,
  memberOrder: number,
  text: string,
  round = 0,
  kind: 'text' | 'reasoning' = 'text',
): StreamEvent => ({ type: 'answer:delta', ...meta(entryId), memberOrder, round, kind, text });

export const completed = (
  entryId: string,
  memberOrder: number,
  round = 0,
  stoppedAtLimit = false,
): StreamEvent => ({
  type: 'answer:completed',
  ...meta(entryId),
  memberOrder,
  round,
  responseId: 500 + memberOrder,
  stoppedAtLimit,
  promptTokens: 10,
  completionTokens: 20,
  totalTokens: 30,
});

export const failed = (entryId: string, memberOrder: number, error = 'upstream 500'): StreamEvent => ({
  type: 'answer:failed',
  ...meta(entryId),
  memberOrder,
  round: 0,
  responseId: 600 + memberOrder,
  error,
});

export const fold = (
  events: StreamEvent[],
  start: QuestionStreamState = createQuestionStream(askResultFixture()),
): QuestionStreamState => events.reduce(applyStreamEvent, start);
